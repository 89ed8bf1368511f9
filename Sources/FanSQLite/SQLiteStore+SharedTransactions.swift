import FanStorage

extension SQLiteStore {
  /// The connection, for a statement of the calling task.
  ///
  /// When a group's shared transaction is open and the caller is not of that group, what the
  /// group has written so far is committed first (see `SharedTransaction`), so that the caller
  /// never reads or writes inside another group's transaction.
  var connection: SQLiteConnection {
    if let owner = sharedOwner, SharedTransaction.current !== owner {
      endSharedTransaction(of: owner)
    }
    return database
  }

  /// Runs `body` as one write of `shared`'s group: in the group's transaction (begun here when
  /// none is open), in a savepoint of its own that is rolled back when `body` throws.
  func sharedTransaction<R>(
    _ shared: SharedTransaction, _ body: () throws(StorageError) -> R
  ) throws(StorageError) -> R {
    if let failure = shared.failure { throw failure }
    if sharedOwner !== shared {
      // The group's transaction is on another store: this write commits on its own.
      guard shared.bind(to: self) else { return try SQLiteStore.transaction(connection, body) }
      try connection.query("BEGIN IMMEDIATE")
      sharedOwner = shared
    }
    try database.query("SAVEPOINT request")
    do {
      let result = try body()
      try database.query("RELEASE request")
      return result
    } catch {
      rollBackRequest(of: shared, after: error)
      throw error
    }
  }

  /// Commits `shared`'s transaction if it is still open; throws when that, or an earlier commit
  /// of the group, failed (nothing of the group is kept then).
  func commitShared(_ shared: SharedTransaction) throws(StorageError) {
    if sharedOwner === shared {
      sharedOwner = nil
      do {
        try database.query("COMMIT")
      } catch {
        abandon()
        throw error
      }
    }
    if let failure = shared.failure { throw failure }
  }

  /// Commits what `owner`'s group has written so far, for a caller outside the group; should
  /// that fail, the group has failed.
  private func endSharedTransaction(of owner: SharedTransaction) {
    sharedOwner = nil
    do {
      try database.query("COMMIT")
    } catch {
      abandon()
      owner.fail(error)
    }
  }

  /// Undoes one request's write after `error`.
  ///
  /// When SQLite has rolled the whole transaction back itself (a full disk, an I/O error) or
  /// the savepoint cannot be undone, the group's earlier writes are gone too: the group has
  /// failed.
  private func rollBackRequest(of shared: SharedTransaction, after error: StorageError) {
    guard database.isInTransaction else {
      sharedOwner = nil
      shared.fail(error)
      return
    }
    do {
      try database.query("ROLLBACK TO request")
      try database.query("RELEASE request")
    } catch {
      sharedOwner = nil
      abandon()
      shared.fail(error)
    }
  }

  /// Rolls back whatever transaction is left open after a failure; its error adds nothing to
  /// the failure already reported.
  private func abandon() {
    if database.isInTransaction { try? database.execute("ROLLBACK") }
  }
}
