import FanStorage

extension SQLiteStore {
  /// Runs `body` in one `BEGIN IMMEDIATE` transaction.
  ///
  /// It is committed if `body` returns and rolled back if it throws. IMMEDIATE takes the write
  /// lock at once, so two processes never deadlock on an upgrade from reading to writing. In a
  /// group of requests that share a commit (`SharedTransaction`), `body` is instead a savepoint
  /// of the group's transaction, committed with the group.
  @discardableResult
  func transaction<R>(_ body: () throws(StorageError) -> R) throws(StorageError) -> R {
    if let shared = SharedTransaction.current { return try sharedTransaction(shared, body) }
    return try SQLiteStore.transaction(connection, body)
  }

  static func transaction<R>(
    _ connection: SQLiteConnection, _ body: () throws(StorageError) -> R
  )
    throws(StorageError) -> R
  {
    // Prepared once and kept, like every statement: parsing BEGIN and COMMIT for each write
    // costs more than running them.
    try connection.query("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try connection.query("COMMIT")
      return result
    } catch {
      if connection.isInTransaction { try? connection.execute("ROLLBACK") }
      throw error
    }
  }
}
