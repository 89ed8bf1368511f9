extension RickAndMortyEpisodeDTO: DirectlyDecodable {
  /// An episode of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var id: Int?
    var name: String?
    var airDate: String?
    var episode: String?
    var characters: [String]?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      switch key {
      case "id" where id == nil: id = reader.integer()
      case "name" where name == nil: name = reader.string()
      case "air_date" where airDate == nil: airDate = reader.string()
      case "episode" where episode == nil: episode = reader.string()
      case "characters" where characters == nil: characters = reader.strings()
      case "id", "name", "air_date", "episode", "characters": return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let id, let name, let airDate, let episode, let characters else {
      return nil
    }
    self.init(id: id, name: name, airDate: airDate, episode: episode, characters: characters)
  }
}
