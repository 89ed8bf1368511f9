import FanAPI
import FanCore

/// A character on the wire.
///
/// It has `id`, `universe`, `name`, `status`, `imageURL`, and the fields its source knows (a Breaking Bad character's nickname, birthday, ... or a Rick and Morty
/// character's species, type, ...).
package struct CharacterRecord: Codable, Sendable, Equatable {
  /// Season numbers per series: one member per series of the character's universe, in the
  /// universe's order (`{"breaking-bad": [1, 2], "better-call-saul": []}`).
  package struct Appearances: Codable, Sendable, Equatable {
    /// One series' seasons.
    package struct Entry: Sendable, Equatable {
      /// The series.
      package var series: Series
      /// Its seasons, ascending.
      package var seasons: [Int]
    }

    /// The series and their seasons, in the universe's order.
    package var entries: [Entry]

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    /// The seasons per series of `entries`.
    package init(_ entries: [Entry]) {
      self.entries = entries
    }

    /// Decodes one member per series, in the universes' order of series.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      let order = decoder.universes.seriesNames
      entries = try container.allKeys
        .sorted {
          (order.firstIndex(of: $0.stringValue) ?? order.count, $0.stringValue) < (
            order.firstIndex(of: $1.stringValue) ?? order.count, $1.stringValue
          )
        }
        .map {
          Entry(
            series: Series(rawValue: $0.stringValue),
            seasons: try container.decode([Int].self, forKey: $0))
        }
    }

    /// Encodes one member per series, in order.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for entry in entries {
        try container.encode(entry.seasons, forKey: Key(stringValue: entry.series.rawValue))
      }
    }
  }

  /// The fields of a character whose source knows a nickname, birthday, occupations and
  /// portrayer (Breaking Bad).
  package struct PersonFields: Sendable, Equatable {
    /// The nickname.
    package var nickname: String
    /// `YYYY-MM-DD`, or null where unknown.
    package var birthday: CalendarDate?
    /// The occupations.
    package var occupations: [String]
    /// The actor.
    package var portrayedBy: String
    /// The series the character appears in.
    package var series: [Series]
    /// Season numbers per series.
    package var appearances: Appearances
  }

  /// The fields of a character whose source knows species, type, gender, origin and location
  /// (Rick and Morty).
  package struct CreatureFields: Sendable, Equatable {
    /// `Human`, `Alien`, ...
    package var species: String
    /// The kind, or null where the source leaves it empty.
    package var type: String?
    /// As the source writes it (`Female`, `Male`, `Genderless`, `unknown`).
    package var gender: String
    /// Where the character comes from.
    package var origin: PlaceRecord
    /// Where the character was last seen.
    package var location: PlaceRecord
    /// How many episodes the character appears in.
    package var episodeCount: Int
  }

  /// The source API's id.
  package var id: Int
  /// The universe whose ids `id` is among.
  package var universe: UniverseID
  /// The full name.
  package var name: String
  /// `alive`, `deceased`, `presumed-dead` or `unknown`.
  package var status: CharacterStatus
  /// The image URL (an opaque string; many of the source's links are dead).
  package var imageURL: String
  /// The Breaking Bad fields, for a character of such a source.
  package var person: PersonFields?
  /// The Rick and Morty fields, for a character of such a source.
  package var creature: CreatureFields?
  /// The fields the character's universe adds beyond these, written after them.
  package var extraFields: [RecordField] = []

  /// The record of `character` of `catalog`.
  package init(_ character: ShowCharacter, in catalog: Catalog) {
    id = character.id
    universe = catalog.universe
    extraFields = character.extraFields
    name = character.name
    status = character.status
    imageURL = character.imageURL
    if let profile = character.profile {
      creature = CreatureFields(
        species: profile.species, type: profile.type, gender: profile.gender,
        origin: PlaceRecord(profile.origin), location: PlaceRecord(profile.location),
        episodeCount: catalog.episodeCount(characterID: character.id))
    } else {
      person = PersonFields(
        nickname: character.nickname, birthday: character.birthday,
        occupations: character.occupations, portrayedBy: character.portrayedBy,
        series: character.series,
        appearances: Appearances(
          catalog.series.map { .init(series: $0, seasons: character.seasons(in: $0)) }))
    }
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, name, nickname, birthday, occupations, status, species, type, gender
    case origin, location, imageURL, portrayedBy, series, appearances, episodeCount
  }

  /// Decodes either shape: the one with `species` is a creature's.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decode(UniverseID.self, forKey: .universe)
    name = try container.decode(String.self, forKey: .name)
    status = try container.decode(CharacterStatus.self, forKey: .status)
    imageURL = try container.decode(String.self, forKey: .imageURL)
    if let species = try container.decodeIfPresent(String.self, forKey: .species) {
      creature = CreatureFields(
        species: species, type: try container.decodeIfPresent(String.self, forKey: .type),
        gender: try container.decode(String.self, forKey: .gender),
        origin: try container.decode(PlaceRecord.self, forKey: .origin),
        location: try container.decode(PlaceRecord.self, forKey: .location),
        episodeCount: try container.decode(Int.self, forKey: .episodeCount))
    } else {
      person = PersonFields(
        nickname: try container.decode(String.self, forKey: .nickname),
        birthday: try container.decodeIfPresent(CalendarDate.self, forKey: .birthday),
        occupations: try container.decode([String].self, forKey: .occupations),
        portrayedBy: try container.decode(String.self, forKey: .portrayedBy),
        series: try container.decode([Series].self, forKey: .series),
        appearances: try container.decode(Appearances.self, forKey: .appearances))
    }
    extraFields = try RecordField.decode(
      from: decoder, excluding: Set(CodingKeys.allCases.map(\.stringValue)))
  }

  /// Encodes the members in the order the schema lists them for the record's shape.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(universe, forKey: .universe)
    try container.encode(name, forKey: .name)
    if let person {
      try container.encode(person.nickname, forKey: .nickname)
      if let birthday = person.birthday {
        try container.encode(birthday, forKey: .birthday)
      } else {
        try container.encodeNil(forKey: .birthday)
      }
      try container.encode(person.occupations, forKey: .occupations)
      try container.encode(status, forKey: .status)
      try container.encode(imageURL, forKey: .imageURL)
      try container.encode(person.portrayedBy, forKey: .portrayedBy)
      try container.encode(person.series, forKey: .series)
      try container.encode(person.appearances, forKey: .appearances)
    } else if let creature {
      try container.encode(status, forKey: .status)
      try container.encode(creature.species, forKey: .species)
      if let type = creature.type {
        try container.encode(type, forKey: .type)
      } else {
        try container.encodeNil(forKey: .type)
      }
      try container.encode(creature.gender, forKey: .gender)
      try container.encode(creature.origin, forKey: .origin)
      try container.encode(creature.location, forKey: .location)
      try container.encode(imageURL, forKey: .imageURL)
      try container.encode(creature.episodeCount, forKey: .episodeCount)
    }
    try RecordField.encode(extraFields, to: encoder)
  }
}
