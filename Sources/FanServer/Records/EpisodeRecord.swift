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
  /// The fields the episode's universe adds, written after these.
  package var extraFields: [RecordField]

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
    extraFields = episode.extraFields
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, title, series, season, episode, code, airDate
  }

  /// Decodes the members, and any others as the universe's fields.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decode(UniverseID.self, forKey: .universe)
    title = try container.decode(String.self, forKey: .title)
    series = try container.decode(Series.self, forKey: .series)
    season = try container.decode(Int.self, forKey: .season)
    episode = try container.decode(Int.self, forKey: .episode)
    code = try container.decodeIfPresent(String.self, forKey: .code)
    airDate = try container.decode(CalendarDate.self, forKey: .airDate)
    extraFields = try RecordField.decode(
      from: decoder, excluding: Set(CodingKeys.allCases.map(\.stringValue)))
  }

  /// Encodes the members in order (`code` only where there is one), then the universe's fields.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(universe, forKey: .universe)
    try container.encode(title, forKey: .title)
    try container.encode(series, forKey: .series)
    try container.encode(season, forKey: .season)
    try container.encode(episode, forKey: .episode)
    try container.encodeIfPresent(code, forKey: .code)
    try container.encode(airDate, forKey: .airDate)
    try RecordField.encode(extraFields, to: encoder)
  }
}
