import FanProtocol

/// A character named in a query: by id, or by any name that resolves.
package enum CharacterReference: Sendable, Hashable {
  /// A character id.
  case id(Int)
  /// A name, nickname or alias ("Hank Schrader", "heisenberg").
  case name(String)
}

/// The fields of the episode filter; nil and empty fields are ignored, the rest combine with AND.
package struct EpisodeQuery: Sendable, Hashable {
  /// Only this series.
  package var series: Series?
  /// Only this season.
  package var season: Int?
  /// Aired on or after this day.
  package var airedFrom: CalendarDate?
  /// Aired on or before this day.
  package var airedTo: CalendarDate?
  /// Any of these characters appears (any-of).
  package var characters: [CharacterReference]
  /// The title contains this, ignoring case and diacritics.
  package var name: String?
  /// The episode code contains this, ignoring case (`S01` is the first season).
  package var code: String?

  /// Creates a query.
  package init(
    series: Series? = nil, season: Int? = nil, airedFrom: CalendarDate? = nil,
    airedTo: CalendarDate? = nil, characters: [CharacterReference] = [], name: String? = nil,
    code: String? = nil
  ) {
    self.name = name
    self.code = code
    self.series = series
    self.season = season
    self.airedFrom = airedFrom
    self.airedTo = airedTo
    self.characters = characters
  }
}

/// The status values the character filter takes: every status a character can have.
package enum StatusFilter: String, Sendable, Hashable, CaseIterable {
  /// Alive.
  case alive
  /// Deceased or presumed dead.
  case deceased
  /// Presumed dead only.
  case presumedDead = "presumed-dead"
  /// Unknown.
  case unknown

  /// Whether a character with `status` passes this filter.
  package func admits(_ status: CharacterStatus) -> Bool {
    switch self {
    case .alive: status == .alive
    case .deceased: status.countsAsDeceased
    case .presumedDead: status == .presumedDead
    case .unknown: status == .unknown
    }
  }
}

/// The fields of the character filter; nil and empty fields are ignored, the rest combine with AND.
package struct CharacterQuery: Sendable, Hashable {
  /// The status; deceased includes presumed dead.
  package var status: StatusFilter?
  /// Appears in any of these seasons of `series` (of the universe's default season series when
  /// `series` is nil).
  package var seasons: [Int]
  /// Name or nickname contains this, ignoring case and diacritics.
  package var name: String?
  /// Appears in this series; also the series whose seasons `seasons` means.
  package var series: Series?
  /// The species contains this, ignoring case and diacritics.
  package var species: String?
  /// The type contains this, ignoring case and diacritics.
  package var type: String?
  /// The gender is this, ignoring case (`male` does not match `Female`).
  package var gender: String?

  /// Creates a query.
  package init(
    status: StatusFilter? = nil, seasons: [Int] = [], name: String? = nil, series: Series? = nil,
    species: String? = nil, type: String? = nil, gender: String? = nil
  ) {
    self.species = species
    self.type = type
    self.gender = gender
    self.status = status
    self.seasons = seasons
    self.name = name
    self.series = series
  }
}
