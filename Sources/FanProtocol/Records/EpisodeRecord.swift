/// An episode on the wire.
public struct EpisodeRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  public var id: Int
  /// The universe whose ids `id` is among.
  public var universe: UniverseID
  /// The title.
  public var title: String
  /// The series (`breaking-bad`, `better-call-saul`, `rick-and-morty`).
  public var series: Series
  /// The season number.
  public var season: Int
  /// The number within the season.
  public var episode: Int
  /// The source's code (`S01E01`), where it has one; left out otherwise.
  public var code: String?
  /// `YYYY-MM-DD`.
  public var airDate: CalendarDate
  /// The fields the episode's universe adds, written after these.
  public var extraFields: [RecordField]

  /// A value with these members.
  public init(
    id: Int, universe: UniverseID, title: String, series: Series, season: Int, episode: Int,
    code: String? = nil, airDate: CalendarDate, extraFields: [RecordField]
  ) {
    self.id = id
    self.universe = universe
    self.title = title
    self.series = series
    self.season = season
    self.episode = episode
    self.code = code
    self.airDate = airDate
    self.extraFields = extraFields
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, title, series, season, episode, code, airDate
  }

  /// Decodes the members, and any others as the universe's fields.
  public init(from decoder: any Decoder) throws {
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
  public func encode(to encoder: any Encoder) throws {
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
