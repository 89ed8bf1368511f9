import FanStorage

/// A value bound to or read from a PostgreSQL statement.
///
/// Parameters go to the server in binary (integers as `int8`, doubles as `float8`, booleans,
/// `bytea`) or as text of an unspecified type that the server infers from the statement; results
/// come back as text and are read by column type: `int2`, `int4`, `int8` and `oid` as `integer`,
/// `float4` and `float8` as `double`, `bool`, `bytea`, and every other type as its text.
package enum PostgresValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case text(String)
  case bytea([UInt8])
  case bool(Bool)
  case double(Double)

  /// Whether it is SQL NULL.
  package var isNull: Bool { self == .null }

  /// The integer, or nil for any other kind.
  package var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The text, or nil for any other kind.
  package var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  /// The bytes, or nil for any other kind.
  package var bytea: [UInt8]? {
    if case .bytea(let value) = self { return value }
    return nil
  }

  /// The boolean, or nil for any other kind.
  package var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The double, or nil for any other kind.
  package var double: Double? {
    if case .double(let value) = self { return value }
    return nil
  }
}
