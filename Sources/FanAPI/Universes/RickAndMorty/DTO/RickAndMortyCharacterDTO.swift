/// A character as the Rick and Morty API sends it (`/api/character`).
package struct RickAndMortyCharacterDTO: Codable, Sendable, Equatable {
  /// `id`.
  package var id: Int
  /// `name`.
  package var name: String
  /// `status`: `Alive`, `Dead` or `unknown`.
  package var status: String
  /// `species`.
  package var species: String
  /// `type`: often "".
  package var type: String
  /// `gender`: `Female`, `Male`, `Genderless` or `unknown`.
  package var gender: String
  /// `origin`.
  package var origin: RickAndMortyPlaceDTO
  /// `location`.
  package var location: RickAndMortyPlaceDTO
  /// `image`.
  package var image: String
  /// `episode`: the URLs of the episodes the character appears in.
  package var episode: [String]
}
