extension RickAndMortyCharacterDTO: DirectlyDecodable {
  /// A character of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var id: Int?
    var name: String?
    var status: String?
    var species: String?
    var type: String?
    var gender: String?
    var origin: RickAndMortyPlaceDTO?
    var location: RickAndMortyPlaceDTO?
    var image: String?
    var episode: [String]?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      // A repeated field goes to the plain path, which decides which one counts.
      switch key {
      case "id" where id == nil: id = reader.integer()
      case "name" where name == nil: name = reader.string()
      case "status" where status == nil: status = reader.string()
      case "species" where species == nil: species = reader.string()
      case "type" where type == nil: type = reader.string()
      case "gender" where gender == nil: gender = reader.string()
      case "origin" where origin == nil: origin = RickAndMortyPlaceDTO(reading: &reader)
      case "location" where location == nil: location = RickAndMortyPlaceDTO(reading: &reader)
      case "image" where image == nil: image = reader.string()
      case "episode" where episode == nil: episode = reader.strings()
      case "id", "name", "status", "species", "type", "gender", "origin", "location", "image",
        "episode":
        return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let id, let name, let status, let species, let type, let gender,
      let origin, let location, let image, let episode
    else { return nil }
    self.init(
      id: id, name: name, status: status, species: species, type: type, gender: gender,
      origin: origin, location: location, image: image, episode: episode)
  }
}
