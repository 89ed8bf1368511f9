import FanCore
import JSON

/// A character named in params: an id (integer) or any name that resolves (string).
package struct CharacterReferenceParam: Codable, Sendable, Equatable {
  /// The reference.
  package var reference: CharacterReference

  /// Decodes an integer id or a non-empty name.
  package init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer().decode(JSONValue.self)
    switch value {
    case .number:
      reference = .id(try decoder.singleValueContainer().decode(Int.self))
    case .string(let name) where !name.isEmpty:
      reference = .name(name)
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "must be a character id or a name, not \(value.kindDescription)"))
    }
  }

  /// Encodes the id or the name.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch reference {
    case .id(let id): try container.encode(id)
    case .name(let name): try container.encode(name)
    }
  }
}
