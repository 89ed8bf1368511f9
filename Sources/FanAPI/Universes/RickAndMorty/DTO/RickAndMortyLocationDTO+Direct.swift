extension RickAndMortyLocationDTO: DirectlyDecodable {
  /// A location of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var id: Int?
    var name: String?
    var type: String?
    var dimension: String?
    var residents: [String]?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      switch key {
      case "id" where id == nil: id = reader.integer()
      case "name" where name == nil: name = reader.string()
      case "type" where type == nil: type = reader.string()
      case "dimension" where dimension == nil: dimension = reader.string()
      case "residents" where residents == nil: residents = reader.strings()
      case "id", "name", "type", "dimension", "residents": return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let id, let name, let type, let dimension, let residents else {
      return nil
    }
    self.init(id: id, name: name, type: type, dimension: dimension, residents: residents)
  }
}
