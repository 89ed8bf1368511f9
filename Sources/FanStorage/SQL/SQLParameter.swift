/// A value bound to a statement of an algorithm written over `SQLDialect`.
package enum SQLParameter: Sendable, Hashable {
  /// SQL NULL.
  case null
  /// An integer.
  case integer(Int64)
  /// A floating-point number.
  case real(Double)
  /// A boolean, as the engine stores one (SQLite: the integer 1 or 0).
  case bool(Bool)
  /// A text.
  case text(String)
  /// Bytes (SQLite's BLOB, PostgreSQL's `bytea`).
  case bytes([UInt8])
}
