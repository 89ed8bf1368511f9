/// A value read by a statement of an algorithm written over `SQLDialect`, as either engine
/// gives it.
///
/// SQLite's BLOB and PostgreSQL's `bytea` are `bytes`; a PostgreSQL boolean is the integer 1 or
/// 0, as SQLite stores one.
package enum SQLValue: Sendable, Hashable {
  /// SQL NULL.
  case null
  /// An integer.
  case integer(Int64)
  /// A floating-point number.
  case real(Double)
  /// A text.
  case text(String)
  /// Bytes.
  case bytes([UInt8])

  /// The integer, or nil for any other kind.
  package var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The number, or nil for any other kind than a real or an integer.
  package var real: Double? {
    switch self {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The text, or nil for any other kind.
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The bytes, or nil for any other kind.
  package var bytes: [UInt8]? {
    if case .bytes(let value) = self { return value }
    return nil
  }
}
