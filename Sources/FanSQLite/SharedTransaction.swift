import FanStorage
import Synchronization

/// One SQLite transaction shared by the writes of several requests, committed once for all.
///
/// `run(_:)` runs a group of requests one after another; every write transaction of the SQLite
/// store made in it (in its task) joins one `BEGIN IMMEDIATE` transaction, begun by the first
/// of them, each in a savepoint of its own: a write that fails rolls back to its savepoint, so
/// only its own request fails, and the others' writes stay. When the group is done the
/// transaction is committed, and only then does `run(_:)` return; if the commit fails, nothing
/// of the group is kept and `run(_:)` throws, so that every request of the group can be answered
/// with that error.
///
/// While the transaction is open the connection is the group's: a statement from anywhere else
/// (an image's bookkeeping, a catalog snapshot, another connection's requests) first commits
/// what the group has written so far, and the group's next write begins a new transaction, so
/// nothing outside the group ever reads or writes inside it. Should that early commit fail, the
/// group has failed: its later writes are refused with the same error, and `run(_:)` throws it.
///
/// The PostgreSQL store does not take part: its writes commit on their own, as always.
package final class SharedTransaction: Sendable {
  /// The group the current task's writes belong to, if any.
  @TaskLocal static var current: SharedTransaction?

  private struct State {
    /// The store whose connection the transaction was begun on.
    var store: SQLiteStore?
    /// Why the transaction ended without its writes: the group can no longer succeed.
    var failure: StorageError?
  }

  private let state = Mutex(State())

  private init() {}

  /// Runs `body` with the SQLite writes made in it sharing one transaction, then commits it;
  /// throws when the commit (or an earlier one forced by another caller) failed, in which case
  /// nothing written in `body` was kept.
  package static func run(_ body: () async -> Void) async throws(StorageError) {
    let shared = SharedTransaction()
    await $current.withValue(shared) { await body() }
    try await shared.commit()
  }

  /// Why the group can no longer succeed, if it cannot.
  var failure: StorageError? { state.withLock { $0.failure } }

  /// Records why the group cannot succeed; the first reason is kept.
  func fail(_ error: StorageError) {
    state.withLock { state in
      if state.failure == nil { state.failure = error }
    }
  }

  /// Binds the group's transaction to `store`; false when it is bound to another store (whose
  /// writes then commit on their own).
  func bind(to store: SQLiteStore) -> Bool {
    state.withLock { state in
      guard let bound = state.store else {
        state.store = store
        return true
      }
      return bound === store
    }
  }

  private func commit() async throws(StorageError) {
    let (store, failure) = state.withLock { ($0.store, $0.failure) }
    if let store {
      try await store.commitShared(self)
    } else if let failure {
      throw failure
    }
  }
}
