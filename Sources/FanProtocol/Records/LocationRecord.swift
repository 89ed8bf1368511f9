/// A location on the wire.
public struct LocationRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  public var id: Int
  /// The universe whose ids `id` is among.
  public var universe: UniverseID
  /// The name.
  public var name: String
  /// `Planet`, ...; null where the source leaves it empty.
  public var type: String?
  /// `Dimension C-137`, ...; null where the source leaves it empty.
  public var dimension: String?
  /// How many characters were last seen there.
  public var residentCount: Int
  /// The fields the location's universe adds, written after these.
  public var extraFields: [RecordField]

  /// A value with these members.
  public init(
    id: Int, universe: UniverseID, name: String, type: String? = nil, dimension: String? = nil,
    residentCount: Int, extraFields: [RecordField]
  ) {
    self.id = id
    self.universe = universe
    self.name = name
    self.type = type
    self.dimension = dimension
    self.residentCount = residentCount
    self.extraFields = extraFields
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, universe, name, type, dimension, residentCount
  }

  /// Decodes the members, and any others as the universe's fields.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decode(UniverseID.self, forKey: .universe)
    name = try container.decode(String.self, forKey: .name)
    type = try container.decodeIfPresent(String.self, forKey: .type)
    dimension = try container.decodeIfPresent(String.self, forKey: .dimension)
    residentCount = try container.decode(Int.self, forKey: .residentCount)
    extraFields = try RecordField.decode(
      from: decoder, excluding: Set(CodingKeys.allCases.map(\.stringValue)))
  }

  /// Encodes the members in order (`type` and `dimension` null where empty), then the
  /// universe's fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(universe, forKey: .universe)
    try container.encode(name, forKey: .name)
    if let type {
      try container.encode(type, forKey: .type)
    } else {
      try container.encodeNil(forKey: .type)
    }
    if let dimension {
      try container.encode(dimension, forKey: .dimension)
    } else {
      try container.encodeNil(forKey: .dimension)
    }
    try container.encode(residentCount, forKey: .residentCount)
    try RecordField.encode(extraFields, to: encoder)
  }
}
