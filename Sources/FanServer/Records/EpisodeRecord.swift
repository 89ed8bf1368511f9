import FanCore

/// An episode on the wire.
package struct EpisodeRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  package var id: Int
  /// The title.
  package var title: String
  /// `breaking-bad` or `better-call-saul`.
  package var series: Series
  /// The season number.
  package var season: Int
  /// The number within the season.
  package var episode: Int
  /// `YYYY-MM-DD`.
  package var airDate: CalendarDate

  /// The record of `episode`.
  package init(_ episode: Episode) {
    id = episode.id
    title = episode.title
    series = episode.series
    season = episode.season
    self.episode = episode.episode
    airDate = episode.airDate
  }
}
