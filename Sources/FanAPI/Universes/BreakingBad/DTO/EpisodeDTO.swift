/// An episode as the Breaking Bad API sends it (`/api/episodes`); coding keys are the API's.
package struct EpisodeDTO: Codable, Sendable, Equatable {
  /// `episode_id`.
  package var episodeID: Int
  /// `title`.
  package var title: String
  /// `season`: a string, sometimes with spaces (`" 1"`).
  package var season: String
  /// `air_date`: `MM-DD-YYYY`.
  package var airDate: String
  /// `characters`: free text that differs from the character records in places.
  package var characters: [String]
  /// `episode`: the number within the season, as a string.
  package var episode: String
  /// `series`: `Breaking Bad` or `Better Call Saul`.
  package var series: String

  enum CodingKeys: String, CodingKey {
    case episodeID = "episode_id"
    case title, season
    case airDate = "air_date"
    case characters, episode, series
  }
}
