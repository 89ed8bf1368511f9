/// A character on the wire.
///
/// It has `id`, `universe`, `name`, `status`, `imageURL`, and the fields its source knows (a Breaking Bad character's nickname, birthday, ... or a Rick and Morty
/// character's species, type, ...).
public struct CharacterRecord: Codable, Sendable, Equatable {
  /// Season numbers per series: one member per series of the character's universe, in the
  /// universe's order (`{"breaking-bad": [1, 2], "better-call-saul": []}`).
  public struct Appearances: Codable, Sendable, Equatable {
    /// One series' seasons.
    public struct Entry: Sendable, Equatable {
      /// The series.
      public var series: Series
      /// Its seasons, ascending.
      public var seasons: [Int]

      /// A value with these members.
      public init(series: Series, seasons: [Int]) {
        self.series = series
        self.seasons = seasons
      }
    }

    /// The series and their seasons, in the universe's order.
    public var entries: [Entry]

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    /// The seasons per series of `entries`.
    public init(_ entries: [Entry]) {
      self.entries = entries
    }

    /// Decodes one member per series: in the order of the decoder's vocabulary where it has
    /// one (a server's), else in the order the object lists them.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      var keys = container.allKeys
      if let order = decoder.wireVocabulary?.series.map(\.rawValue) {
        keys.sort {
          (order.firstIndex(of: $0.stringValue) ?? order.count, $0.stringValue) < (
            order.firstIndex(of: $1.stringValue) ?? order.count, $1.stringValue
          )
        }
      }
      entries = try keys.map {
        Entry(
          series: Series(rawValue: $0.stringValue),
          seasons: try container.decode([Int].self, forKey: $0))
      }
    }

    /// Encodes one member per series, in order.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for entry in entries {
        try container.encode(entry.seasons, forKey: Key(stringValue: entry.series.rawValue))
      }
    }
  }

  /// The fields of a character whose source knows a nickname, birthday, occupations and
  /// portrayer (Breaking Bad).
  public struct PersonFields: Sendable, Equatable {
    /// The nickname.
    public var nickname: String
    /// `YYYY-MM-DD`, or null where unknown.
    public var birthday: CalendarDate?
    /// The occupations.
    public var occupations: [String]
    /// The actor.
    public var portrayedBy: String
    /// The series the character appears in.
    public var series: [Series]
    /// Season numbers per series.
    public var appearances: Appearances

    /// A value with these members.
    public init(
      nickname: String, birthday: CalendarDate? = nil, occupations: [String], portrayedBy: String,
      series: [Series], appearances: Appearances
    ) {
      self.nickname = nickname
      self.birthday = birthday
      self.occupations = occupations
      self.portrayedBy = portrayedBy
      self.series = series
      self.appearances = appearances
    }
  }

  /// The fields of a character whose source knows species, type, gender, origin and location
  /// (Rick and Morty).
  public struct CreatureFields: Sendable, Equatable {
    /// `Human`, `Alien`, ...
    public var species: String
    /// The kind, or null where the source leaves it empty.
    public var type: String?
    /// As the source writes it (`Female`, `Male`, `Genderless`, `unknown`).
    public var gender: String
    /// Where the character comes from.
    public var origin: PlaceRecord
    /// Where the character was last seen.
    public var location: PlaceRecord
    /// How many episodes the character appears in.
    public var episodeCount: Int

    /// A value with these members.
    public init(
      species: String, type: String? = nil, gender: String, origin: PlaceRecord,
      location: PlaceRecord, episodeCount: Int
    ) {
      self.species = species
      self.type = type
      self.gender = gender
      self.origin = origin
      self.location = location
      self.episodeCount = episodeCount
    }
  }

  /// The source API's id.
  public var id: Int
  /// The universe whose ids `id` is among.
  public var universe: UniverseID
  /// The full name.
  public var name: String
  /// `alive`, `deceased`, `presumed-dead` or `unknown`.
  public var status: CharacterStatus
  /// The image URL (an opaque string; many of the source's links are dead).
  public var imageURL: String
  /// The Breaking Bad fields, for a character of such a source.
  public var person: PersonFields?
  /// The Rick and Morty fields, for a character of such a source.
  public var creature: CreatureFields?
  /// The fields the character's universe adds beyond these, written after them.
  public var extraFields: [RecordField] = []

  /// A value with these members.
  public init(
    id: Int, universe: UniverseID, name: String, status: CharacterStatus, imageURL: String,
    person: PersonFields? = nil, creature: CreatureFields? = nil, extraFields: [RecordField] = []
  ) {
    self.id = id
    self.universe = universe
    self.name = name
    self.status = status
    self.imageURL = imageURL
    self.person = person
    self.creature = creature
    self.extraFields = extraFields
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, name, nickname, birthday, occupations, status, species, type, gender
    case origin, location, imageURL, portrayedBy, series, appearances, episodeCount
  }

  /// Decodes either shape: the one with `species` is a creature's.
  public init(from decoder: any Decoder) throws {
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
  public func encode(to encoder: any Encoder) throws {
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
