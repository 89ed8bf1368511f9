import FanStorage

/// The SQLite connection as the algorithms written over `SQLDialect` use it, inside a
/// transaction the store began.
struct SQLiteWriter: SQLWriter {
  /// The connection, in its open transaction.
  let connection: SQLiteConnection

  /// SQLite's dialect.
  var dialect: SQLDialect { .sqlite }

  /// Runs `sql` and returns its rows' integer columns.
  func integers(_ sql: String, _ parameters: [SQLParameter]) throws(StorageError) -> [[Int64?]] {
    try connection.query(sql, parameters.map(SQLiteWriter.value)).map { row in
      row.map(\.integer)
    }
  }

  private static func value(_ parameter: SQLParameter) -> SQLiteValue {
    switch parameter {
    case .integer(let value): .integer(value)
    case .text(let value): .text(value)
    }
  }
}
