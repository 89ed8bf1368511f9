import FanCore
import FanProtocol

extension EpisodeRecord {
  /// The record of `episode` of `universe`.
  package init(_ episode: Episode, universe: UniverseID) {
    self.init(
      id: episode.id, universe: universe, title: episode.title, series: episode.series,
      season: episode.season, episode: episode.episode, code: episode.code,
      airDate: episode.airDate, extraFields: episode.extraFields)
  }
}
