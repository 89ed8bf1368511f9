import JSON

/// The `id` of a request: a string, a number (kept as its literal text) or null.
///
/// `1` and `"1"` are different ids; `0` and `null` are ids like any other.
package enum RequestID: Sendable, Hashable, CustomStringConvertible {
  /// A string id.
  case string(String)
  /// A number id, as its JSON literal text.
  case number(String)
  /// The null id (also used in replies to messages whose id could not be read).
  case null

  /// Reads an id from a JSON value, or nil when the value cannot be an id.
  package init?(_ value: JSONValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .number(let text): self = .number(text)
    case .null: self = .null
    default: return nil
    }
  }

  /// The id as a JSON value, exactly as it was received.
  package var json: JSONValue {
    switch self {
    case .string(let text): return .string(text)
    case .number(let text): return .number(text)
    case .null: return .null
    }
  }

  /// The id as JSON text, such as `"abc"` or `7`.
  package var description: String { json.serializedText }
}
