import FanProtocol

/// One episode of a series.
package struct Episode: Sendable, Hashable {
  /// The source API's id.
  package let id: Int
  /// The title.
  package let title: String
  /// The series it belongs to.
  package let series: Series
  /// The season number, from 1.
  package let season: Int
  /// The number within the season, from 1.
  package let episode: Int
  /// The first air date.
  package let airDate: CalendarDate
  /// The source's episode code (`S01E01`), where it has one.
  package let code: String?
  /// The characters as the source lists them, linked to character records where the name resolves.
  package var characters: [CharacterMention]
  /// The fields its universe adds, in the order its records show them.
  package let extraFields: [RecordField]

  /// Creates an episode.
  package init(
    id: Int, title: String, series: Series, season: Int, episode: Int, airDate: CalendarDate,
    characters: [CharacterMention], code: String? = nil, extraFields: [RecordField] = []
  ) {
    self.id = id
    self.title = title
    self.series = series
    self.season = season
    self.episode = episode
    self.airDate = airDate
    self.code = code
    self.characters = characters
    self.extraFields = extraFields
  }

  /// Orders episodes by series (in `seriesOrder`), season, then number within the season.
  package static func broadcastOrder(
    _ lhs: Episode, _ rhs: Episode, seriesOrder: (Series, Series) -> Bool
  ) -> Bool {
    if lhs.series != rhs.series { return seriesOrder(lhs.series, rhs.series) }
    return (lhs.season, lhs.episode, lhs.id) < (rhs.season, rhs.episode, rhs.id)
  }
}

/// A character named in an episode's list: the name as written, and the character it resolves to.
package struct CharacterMention: Sendable, Hashable {
  /// The name as the source wrote it ("Hank Schrader").
  package let name: String
  /// The character it resolves to, or nil for a name left unlinked ("a fly").
  package var characterID: Int?

  /// Creates a mention.
  package init(name: String, characterID: Int? = nil) {
    self.name = name
    self.characterID = characterID
  }
}
