import FanStorage

/// The SQLite connection as the algorithms written over `SQLDialect` use it, inside a
/// transaction the store began (or for a read, outside one).
struct SQLiteWriter: SQLWriter {
  /// The connection, in its open transaction.
  let connection: SQLiteConnection

  /// SQLite's dialect.
  var dialect: SQLDialect { .sqlite }

  /// Runs `sql` and returns its rows.
  func rows(_ sql: String, _ parameters: [SQLParameter]) throws(StorageError) -> [[SQLValue]] {
    try connection.query(sql, parameters.map(SQLiteWriter.value)).map { row in
      row.map(SQLiteWriter.value)
    }
  }

  private static func value(_ parameter: SQLParameter) -> SQLiteValue {
    switch parameter {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .real(value)
    case .bool(let value): .integer(value ? 1 : 0)
    case .text(let value): .text(value)
    case .bytes(let value): .blob(value)
    }
  }

  private static func value(_ value: SQLiteValue) -> SQLValue {
    switch value {
    case .null: .null
    case .integer(let value): .integer(value)
    case .real(let value): .real(value)
    case .text(let value): .text(value)
    case .blob(let value): .bytes(value)
    }
  }
}
