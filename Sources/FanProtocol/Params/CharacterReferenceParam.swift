import JSON

/// A character named in params: by id (`1`) or by name (`"Hank Schrader"`, `"heisenberg"`).
public enum CharacterReferenceParam: Codable, Sendable, Equatable {
  /// A character id.
  case id(Int)
  /// A name, nickname or alias.
  case name(String)

  /// Decodes a number as an id and a non-empty string as a name; anything else is an error
  /// naming what it got.
  public init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer().decode(JSONValue.self)
    switch value {
    case .number:
      self = .id(try decoder.singleValueContainer().decode(Int.self))
    case .string(let name) where !name.isEmpty:
      self = .name(name)
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "must be a character id or a name, not \(value.kindDescription)"))
    }
  }

  /// Encodes the id as a number, the name as a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .id(let id): try container.encode(id)
    case .name(let name): try container.encode(name)
    }
  }
}
