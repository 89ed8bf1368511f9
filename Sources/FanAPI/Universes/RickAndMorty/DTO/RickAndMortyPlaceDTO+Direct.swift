extension RickAndMortyPlaceDTO: DirectlyDecodable {
  /// An origin or location of the plain shape, read without `JSONDecoder` (see
  /// `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var name: String?
    var url: String?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      switch key {
      case "name" where name == nil: name = reader.string()
      case "url" where url == nil: url = reader.string()
      case "name", "url": return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let name, let url else { return nil }
    self.init(name: name, url: url)
  }
}
