import FanCore

/// An episode on the wire.
package struct EpisodeRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  package var id: Int
  /// The universe whose ids `id` is among.
  package var universe: UniverseID
  /// The title.
  package var title: String
  /// The series (`breaking-bad`, `better-call-saul`, `rick-and-morty`).
  package var series: Series
  /// The season number.
  package var season: Int
  /// The number within the season.
  package var episode: Int
  /// The source's code (`S01E01`), where it has one; left out otherwise.
  package var code: String?
  /// `YYYY-MM-DD`.
  package var airDate: CalendarDate

  /// The record of `episode` of `universe`.
  package init(_ episode: Episode, universe: UniverseID) {
    id = episode.id
    self.universe = universe
    title = episode.title
    series = episode.series
    season = episode.season
    self.episode = episode.episode
    code = episode.code
    airDate = episode.airDate
  }
}
