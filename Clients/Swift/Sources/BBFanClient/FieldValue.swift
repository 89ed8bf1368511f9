import Foundation

/// The value of a field a universe adds to its records (a character's hometown): text, a whole
/// number, a list of texts, or nothing.
public enum FieldValue: Codable, Sendable, Hashable {
  /// Text.
  case text(String)
  /// A whole number.
  case number(Int)
  /// A list of texts.
  case texts([String])
  /// Unknown, or left empty.
  case none

  /// Decodes any of the four kinds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .none
    } else if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .text(text)
    } else {
      self = .texts(try container.decode([String].self))
    }
  }

  /// Encodes the value as the service writes it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .texts(let texts): try container.encode(texts)
    case .none: try container.encodeNil()
    }
  }
}

/// A member name of any record.
struct FieldKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// The members of the object this decoder reads that are not among `known`: the fields the
  /// record's universe adds, whatever the universe (a member of another kind is left out).
  func universeFields(excluding known: [String]) throws -> [String: FieldValue] {
    let container = try self.container(keyedBy: FieldKey.self)
    var fields: [String: FieldValue] = [:]
    for key in container.allKeys where !known.contains(key.stringValue) {
      if let value = try? container.decode(FieldValue.self, forKey: key) {
        fields[key.stringValue] = value
      }
    }
    return fields
  }
}

extension Encoder {
  /// Writes `fields` into the object this encoder writes, after the record's own members.
  func encodeUniverseFields(_ fields: [String: FieldValue]) throws {
    guard !fields.isEmpty else { return }
    var container = self.container(keyedBy: FieldKey.self)
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
      try container.encode(value, forKey: FieldKey(stringValue: name))
    }
  }
}
