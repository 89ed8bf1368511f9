/// An episode as the Rick and Morty API sends it (`/api/episode`).
package struct RickAndMortyEpisodeDTO: Codable, Sendable, Equatable {
  /// `id`.
  package var id: Int
  /// `name`.
  package var name: String
  /// `air_date`: `December 2, 2013`.
  package var airDate: String
  /// `episode`: the code, `S01E01`.
  package var episode: String
  /// `characters`: the URLs of the characters in it.
  package var characters: [String]

  enum CodingKeys: String, CodingKey {
    case id, name, episode, characters
    case airDate = "air_date"
  }
}
