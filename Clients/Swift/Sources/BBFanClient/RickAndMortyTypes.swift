import Foundation

/// A universe: one source API's world with its own ids.
public struct Universe: RawRepresentable, Codable, Sendable, Hashable {
  /// The wire name.
  public var rawValue: String

  /// The universe with this wire name, known to this client or not: any wire name
  /// decodes (as a string, with the standard library's `Codable` for raw values), never fails.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Breaking Bad and Better Call Saul (the default).
  public static let breakingBad = Universe(rawValue: "breaking-bad")
  /// Rick and Morty.
  public static let rickAndMorty = Universe(rawValue: "rick-and-morty")
}

/// A Rick and Morty character's origin or last location.
public struct Place: Codable, Sendable, Hashable {
  /// The location record, or nil for `unknown`.
  public var locationId: Int?
  /// The name as the source writes it.
  public var name: String
}

/// A Rick and Morty character.
public struct Creature: Codable, Sendable, Hashable {
  /// The id.
  public var id: Int
  /// `rick-and-morty`.
  public var universe: Universe
  /// The name (several characters may share one).
  public var name: String
  /// `alive`, `deceased` or `unknown`.
  public var status: String
  /// The species.
  public var species: String
  /// The type, or nil where the source leaves it empty.
  public var type: String?
  /// `Female`, `Male`, `Genderless` or `unknown`.
  public var gender: String
  /// Where it comes from.
  public var origin: Place
  /// Where it was last seen.
  public var location: Place
  /// The image URL.
  public var imageURL: String
  /// How many episodes it appears in.
  public var episodeCount: Int
}

/// A Rick and Morty character with the episodes it appears in.
public struct CreatureDetails: Decodable, Sendable, Hashable {
  /// The character's fields.
  public var creature: Creature
  /// Its episodes, in broadcast order.
  public var episodes: [Episode]

  private enum Keys: String, CodingKey { case episodes }

  /// Decodes the flat object.
  public init(from decoder: any Decoder) throws {
    creature = try Creature(from: decoder)
    episodes = try decoder.container(keyedBy: Keys.self).decode([Episode].self, forKey: .episodes)
  }
}

/// A Rick and Morty location.
public struct Location: Codable, Sendable, Hashable {
  /// The id.
  public var id: Int
  /// The universe.
  public var universe: Universe
  /// The name.
  public var name: String
  /// `Planet`, ...; nil where the source leaves it empty.
  public var type: String?
  /// The dimension; nil where the source leaves it empty.
  public var dimension: String?
  /// How many characters were last seen there.
  public var residentCount: Int
  /// The fields the location's universe adds (none for the two the service ships), by name.
  public var extra: [String: FieldValue] = [:]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, name, type, dimension, residentCount
  }

  /// Decodes the record, and its universe's fields into `extra`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decode(Universe.self, forKey: .universe)
    name = try container.decode(String.self, forKey: .name)
    type = try container.decodeIfPresent(String.self, forKey: .type)
    dimension = try container.decodeIfPresent(String.self, forKey: .dimension)
    residentCount = try container.decode(Int.self, forKey: .residentCount)
    extra = try decoder.universeFields(
      excluding: CodingKeys.allCases.map(\.rawValue) + ["residents"])
  }

  /// Encodes the record and its universe's fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(universe, forKey: .universe)
    try container.encode(name, forKey: .name)
    try container.encode(type, forKey: .type)
    try container.encode(dimension, forKey: .dimension)
    try container.encode(residentCount, forKey: .residentCount)
    try encoder.encodeUniverseFields(extra)
  }
}

/// A location with the characters last seen there.
public struct LocationDetails: Decodable, Sendable, Hashable {
  /// A resident.
  public struct Resident: Codable, Sendable, Hashable {
    /// The character's id.
    public var id: Int
    /// The character's name.
    public var name: String
  }

  /// The location's fields.
  public var location: Location
  /// Its residents.
  public var residents: [Resident]

  private enum Keys: String, CodingKey { case residents }

  /// Decodes the flat object.
  public init(from decoder: any Decoder) throws {
    location = try Location(from: decoder)
    residents = try decoder.container(keyedBy: Keys.self).decode(
      [Resident].self, forKey: .residents)
  }
}

/// One page of a list: its records, the whole list's count, and the cursor of the next page.
public struct Page<Record: Decodable & Sendable>: Sendable {
  /// The page's records.
  public var records: [Record]
  /// The number of records in the whole list.
  public var total: Int
  /// Pass it as `cursor` for the next page; nil at the end of the list.
  public var nextCursor: String?
}
