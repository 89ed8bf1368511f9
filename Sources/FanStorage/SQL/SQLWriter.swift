/// Runs the statements of an algorithm written once over both engines: those of one write
/// transaction, or a read.
///
/// An engine gives one inside its own transaction (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's
/// `BEGIN` with its retries), so that the algorithm never begins, commits or retries anything;
/// for a read, outside any transaction, the engine retries as it reads.
package protocol SQLWriter {
  /// What a statement throws; the engine maps it to a `StorageError` outside the transaction.
  associatedtype Failure: Error
  /// The engine's SQL.
  var dialect: SQLDialect { get }
  /// Runs `sql` (with `?` placeholders, as `SQLDialect.text` spells them for the engine) and
  /// returns its rows.
  func rows(_ sql: String, _ parameters: [SQLParameter]) throws(Failure) -> [[SQLValue]]
}

extension SQLWriter {
  /// Runs `sql` (with `?` placeholders) and returns its rows' integer columns, nil for any
  /// other kind of value.
  package func integers(_ sql: String, _ parameters: [SQLParameter]) throws(Failure)
    -> [[Int64?]]
  {
    try rows(sql, parameters).map { row in row.map(\.integer) }
  }

  /// Runs `sql` (with `?` placeholders) in the engine's dialect and returns its rows.
  package func query(_ sql: String, _ parameters: [SQLParameter] = []) throws(Failure)
    -> [[SQLValue]]
  {
    try rows(dialect.text(sql), parameters)
  }

  /// The rows of `select` (a statement up to its `WHERE`, exclusive) that meet `condition`
  /// (with `?` for `parameters`; empty for none) and whose `column` is one of `ids`, each id's
  /// rows in `orderBy`'s order.
  ///
  /// Where the engine binds arrays, one statement takes every id; otherwise one statement runs
  /// for each id (in process, a prepared statement costs less than building one for a list).
  package func rows(
    _ select: String, where condition: String = "", _ parameters: [SQLParameter] = [],
    matching column: String, in ids: [Int64], orderBy: String
  ) throws(Failure) -> [[SQLValue]] {
    guard !ids.isEmpty else { return [] }
    let conditions = condition.isEmpty ? "" : condition + " AND "
    if dialect.bindsArrays {
      return try query(
        "\(select) WHERE \(conditions)\(column) = ANY(?::bigint[]) ORDER BY \(column), \(orderBy)",
        parameters + [.text("{" + ids.map(String.init).joined(separator: ",") + "}")])
    }
    var rows: [[SQLValue]] = []
    for id in ids {
      rows += try query(
        "\(select) WHERE \(conditions)\(column) = ? ORDER BY \(orderBy)",
        parameters + [.integer(id)])
    }
    return rows
  }
}
