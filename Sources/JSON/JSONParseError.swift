/// Why a byte sequence is not a JSON text that this service accepts.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem it is.
  package enum Kind: Sendable, Equatable {
    /// The bytes are not JSON (RFC 8259), or not UTF-8.
    case syntax
    /// The text nests arrays and objects deeper than the configured limit.
    case tooDeep
  }

  /// What kind of problem it is.
  package var kind: Kind
  /// The byte offset where the problem was found.
  package var offset: Int
  /// What is wrong, as a phrase (no trailing period).
  package var reason: String

  /// Creates a parse error.
  package init(_ kind: Kind, at offset: Int, _ reason: String) {
    self.kind = kind
    self.offset = offset
    self.reason = reason
  }

  /// The reason with its position, such as `unexpected character 'x' at byte 12`.
  package var description: String { "\(reason) at byte \(offset)" }
}
