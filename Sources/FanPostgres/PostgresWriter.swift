import FanStorage

/// The PostgreSQL connection as the algorithms written over `SQLDialect` use it, inside a
/// transaction the store began (and retries).
struct PostgresWriter: SQLWriter {
  /// The connection, in its open transaction.
  let connection: PostgresConnection

  /// PostgreSQL's dialect.
  var dialect: SQLDialect { .postgres }

  /// Runs `sql` and returns its rows' integer columns.
  func integers(_ sql: String, _ parameters: [SQLParameter]) throws(PostgresFailure) -> [[Int64?]] {
    try connection.query(sql, parameters.map(PostgresWriter.value)).map { row in
      row.map(\.integer)
    }
  }

  private static func value(_ parameter: SQLParameter) -> PostgresValue {
    switch parameter {
    case .integer(let value): .integer(value)
    case .text(let value): .text(value)
    }
  }
}
