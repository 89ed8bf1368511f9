import FanStorage

extension SQLiteStore {
  /// Runs `body` in one `BEGIN IMMEDIATE` transaction of its own, on the writing connection it
  /// is given.
  ///
  /// It is committed if `body` returns and rolled back if it throws. IMMEDIATE takes the write
  /// lock at once, so two processes never deadlock on an upgrade from reading to writing. While
  /// a write group's transaction is open on the store it first waits for the group to end, so
  /// it is never part of a group: only a write given the group's handle is
  /// (`write(in:_:)`).
  @discardableResult
  func transaction<R>(_ body: (SQLiteConnection) throws(StorageError) -> R)
    async throws(StorageError) -> R
  {
    await untilNoGroupIsOpen()
    return try connections.transaction(body)
  }

  /// Runs `body` in one transaction on `connection`, committed if it returns.
  ///
  /// Rolled back if it throws. `BEGIN IMMEDIATE` for a write; `reading`, a plain `BEGIN`, for
  /// reads that must see one commit and take no write lock.
  static func transaction<R>(
    _ connection: SQLiteConnection, reading: Bool = false, _ body: () throws(StorageError) -> R
  )
    throws(StorageError) -> R
  {
    // Prepared once and kept, like every statement: parsing BEGIN and COMMIT for each write
    // costs more than running them.
    try connection.query(reading ? "BEGIN" : "BEGIN IMMEDIATE")
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
