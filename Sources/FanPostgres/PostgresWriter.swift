import FanStorage

/// The PostgreSQL connection as the algorithms written over `SQLDialect` use it, inside a
/// transaction the store began (and retries), or for a read.
struct PostgresWriter: SQLWriter {
  /// The connection, in its open transaction.
  let connection: PostgresConnection

  /// PostgreSQL's dialect.
  var dialect: SQLDialect { .postgres }

  /// Runs `sql` and returns its rows (a boolean as the integer 1 or 0).
  func rows(_ sql: String, _ parameters: [SQLParameter]) throws(PostgresFailure) -> [[SQLValue]] {
    try connection.query(sql, parameters.map(PostgresWriter.value)).map { row in
      row.map(PostgresWriter.value)
    }
  }

  private static func value(_ parameter: SQLParameter) -> PostgresValue {
    switch parameter {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .double(value)
    case .bool(let value): .bool(value)
    case .text(let value): .text(value)
    case .bytes(let value): .bytea(value)
    }
  }

  private static func value(_ value: PostgresValue) -> SQLValue {
    switch value {
    case .null: .null
    case .integer(let value): .integer(value)
    case .double(let value): .real(value)
    case .text(let value): .text(value)
    case .bytea(let value): .bytes(value)
    case .bool(let value): .integer(value ? 1 : 0)
    }
  }
}
