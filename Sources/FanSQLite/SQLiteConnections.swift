import FanStorage

/// The SQLite store's connections: the one that writes, which alone can hold a write group's
/// shared transaction, and, while it does, one that only reads what is committed.
///
/// The writing connection is private to this type, so what the store does with a connection goes
/// through one of three doors: `reading()` (never the writing connection while a group's
/// transaction is open), `transaction(_:)` (refused while one is open: the store waits for the
/// group to end first) and `write(in:_:)` (only with the group's handle). No statement from
/// outside a group can therefore read inside its transaction or commit it.
final class SQLiteConnections {
  /// The connection every write runs on.
  private let writer: SQLiteConnection
  /// The read-only connection for reads while a group's transaction is open; made when first
  /// needed.
  private var reader: SQLiteConnection?
  /// Whether closing the reader may copy the write-ahead log into the database file.
  private let checkpointsOnClose: Bool
  /// The group whose shared transaction is open on the writer, if any.
  private(set) var openGroup: WriteGroup?

  /// Connections to the database that `writer` has open.
  init(writer: SQLiteConnection, checkpointsOnClose: Bool) {
    self.writer = writer
    self.checkpointsOnClose = checkpointsOnClose
  }

  /// The connection for a statement outside any write.
  ///
  /// While a group's shared transaction is open it is the reading connection, which sees only
  /// what is committed (WAL gives it the last committed state without waiting for the writer);
  /// otherwise the writer, whose statements are then outside any transaction.
  func reading() throws(StorageError) -> SQLiteConnection {
    guard openGroup != nil else { return writer }
    if let reader { return reader }
    let opened = try SQLiteConnection(
      path: writer.path, busyTimeoutMilliseconds: writer.busyTimeoutMilliseconds,
      checkpointsOnClose: checkpointsOnClose)
    try opened.execute("PRAGMA query_only = ON")
    reader = opened
    return opened
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction of its own (see
  /// `SQLiteStore.transaction`); refused while a group's transaction is open, which the store
  /// waits out first.
  func transaction<R>(_ body: (SQLiteConnection) throws(StorageError) -> R)
    throws(StorageError) -> R
  {
    guard openGroup == nil else {
      throw .internalFailure(
        detail: "a write outside a write group was run while the group's transaction was open",
        statement: "BEGIN IMMEDIATE")
    }
    return try SQLiteStore.transaction(writer) { () throws(StorageError) in try body(writer) }
  }

  /// Runs `body` as one write of `group`, in a savepoint of the group's transaction.
  ///
  /// The transaction is begun here when none is open; the savepoint is rolled back when `body`
  /// throws. Refused while another group's transaction is open, which the store waits out
  /// first.
  func write<R>(in group: WriteGroup, _ body: (SQLiteConnection) throws(StorageError) -> R)
    throws(StorageError) -> R
  {
    if let failure = group.failure { throw failure }
    if openGroup !== group {
      guard openGroup == nil else {
        throw .internalFailure(
          detail: "a group's write was run while another group's transaction was open",
          statement: "BEGIN IMMEDIATE")
      }
      try writer.query("BEGIN IMMEDIATE")
      openGroup = group
    }
    try writer.query("SAVEPOINT request")
    do {
      let result = try body(writer)
      try writer.query("RELEASE request")
      return result
    } catch {
      rollBackRequest(of: group, after: error)
      throw error
    }
  }

  /// Commits `group`'s transaction if it is still open; throws when that, or an earlier failure
  /// of the group, failed (nothing of the group is kept then).
  func commit(_ group: WriteGroup) throws(StorageError) {
    if openGroup === group {
      openGroup = nil
      do {
        try writer.query("COMMIT")
      } catch {
        abandon()
        group.fail(error)
      }
    }
    if let failure = group.failure { throw failure }
  }

  /// Runs `statement` on the writer when it is outside any transaction (a checkpoint after a
  /// write that removed something); false, doing nothing, when it is inside one.
  func runOutsideTransactions(_ statement: String) throws(StorageError) -> Bool {
    guard openGroup == nil, !writer.isInTransaction else { return false }
    try writer.query(statement)
    return true
  }

  /// Undoes one write of `group` after `error`.
  ///
  /// When SQLite has rolled the whole transaction back itself (a full disk, an I/O error) or
  /// the savepoint cannot be undone, the group's earlier writes are gone too: the group has
  /// failed.
  private func rollBackRequest(of group: WriteGroup, after error: StorageError) {
    guard writer.isInTransaction else {
      openGroup = nil
      group.fail(error)
      return
    }
    do {
      try writer.query("ROLLBACK TO request")
      try writer.query("RELEASE request")
    } catch {
      openGroup = nil
      abandon()
      group.fail(error)
    }
  }

  /// Rolls back whatever transaction is left open after a failure; its error adds nothing to
  /// the failure already reported.
  private func abandon() {
    if writer.isInTransaction { try? writer.execute("ROLLBACK") }
  }
}
