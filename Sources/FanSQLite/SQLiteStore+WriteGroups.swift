import FanStorage

extension SQLiteStore: WriteGroupHolder {
  /// The connection for a read: the writing connection outside any transaction, or, while a
  /// write group's transaction is open, a read-only one that sees only what is committed (see
  /// `SQLiteConnections.reading()`).
  var connection: SQLiteConnection {
    get throws(StorageError) { try connections.reading() }
  }

  /// Runs `body` as one write of `group` when there is one, else in a transaction of its own.
  ///
  /// A group's write is in the group's transaction (begun here when none is open), in a
  /// savepoint of its own that is rolled back when `body` throws. Without a group, or when the
  /// group's transaction is on another store, it is a transaction of its own
  /// (`transaction(_:)`). Waits while another group's transaction is open; refuses the handle
  /// of a group that has ended.
  func write<R>(in group: WriteGroup?, _ body: (SQLiteConnection) throws(StorageError) -> R)
    async throws(StorageError) -> R
  {
    guard let group, try group.hold(by: self) else { return try await transaction(body) }
    while let open = connections.openGroup, open !== group { await groupEnd() }
    defer { resumeWaitersWhenNoGroupIsOpen() }
    return try connections.write(in: group, body)
  }

  /// Commits `group`'s transaction if it is still open; throws when that, or an earlier failure
  /// of the group, failed (nothing of the group is kept then).
  package func commit(_ group: WriteGroup) throws(StorageError) {
    defer { resumeWaitersWhenNoGroupIsOpen() }
    try connections.commit(group)
  }

  /// Returns once no group's transaction is open on the connection.
  ///
  /// A group is short (a bounded number of writes, and nothing waits for a client while it is
  /// open), so waiting for it costs less than a second writing connection would: that one would
  /// wait for the group's write lock anyway, holding the store's thread.
  func untilNoGroupIsOpen() async {
    while connections.openGroup != nil { await groupEnd() }
  }

  /// Suspends until the open group's transaction ends (or has ended).
  private func groupEnd() async {
    await withCheckedContinuation { groupWaiters.append($0) }
  }

  /// Lets the waiting writes go on once no group's transaction is open.
  private func resumeWaitersWhenNoGroupIsOpen() {
    guard connections.openGroup == nil, !groupWaiters.isEmpty else { return }
    let waiting = groupWaiters
    groupWaiters = []
    for waiter in waiting { waiter.resume() }
  }
}
