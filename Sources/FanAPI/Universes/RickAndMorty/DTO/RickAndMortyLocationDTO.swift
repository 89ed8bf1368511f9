/// A location as the Rick and Morty API sends it (`/api/location`).
package struct RickAndMortyLocationDTO: Codable, Sendable, Equatable {
  /// `id`.
  package var id: Int
  /// `name`.
  package var name: String
  /// `type`: sometimes "".
  package var type: String
  /// `dimension`: sometimes "".
  package var dimension: String
  /// `residents`: the URLs of the characters last seen there.
  package var residents: [String]
}
