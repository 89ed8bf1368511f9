/// Runs the statements of one write transaction, for the algorithms written once over both
/// engines.
///
/// An engine gives one inside its own transaction (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's
/// `BEGIN` with its retries), so that the algorithm never begins, commits or retries anything.
package protocol SQLWriter {
  /// What a statement throws; the engine maps it to a `StorageError` outside the transaction.
  associatedtype Failure: Error
  /// The engine's SQL.
  var dialect: SQLDialect { get }
  /// Runs `sql` (with `?` placeholders) and returns its rows' integer columns, nil for any
  /// other kind of value.
  func integers(_ sql: String, _ parameters: [SQLParameter]) throws(Failure) -> [[Int64?]]
}
