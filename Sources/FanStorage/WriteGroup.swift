import Synchronization

/// A group of writes that share one commit: the handle a commit scope (`WriteGroup.run`,
/// `StorageEngines.sharingCommit`) hands its body, which passes it to each write of the group
/// (`FavoriteStore.setFavorite(userID:quote:favorite:in:)`).
///
/// Nothing reaches a group's transaction but a write given its handle: a store method called
/// without it is never inside the group's transaction, and a read never is. The first store a
/// group's write reaches holds the group's transaction (SQLite: one `BEGIN IMMEDIATE`, each write
/// a savepoint of it) and commits it when the group ends; a store that does not share commits
/// (PostgreSQL) writes as if it had no handle, each write committing on its own. Once the group
/// has ended its handle is refused.
package final class WriteGroup: Sendable {
  private struct State {
    /// Whether `run` has ended the group: its handle is refused from then on.
    var ended = false
    /// Why the group can no longer succeed, if it cannot: the first reason.
    var failure: StorageError?
    /// The store that holds the group's transaction, once a write has begun it.
    var holder: (any WriteGroupHolder)?
  }

  private let state = Mutex(State())

  private init() {}

  /// Runs `body` with a new group, then ends it and commits what its writes wrote; throws when
  /// the commit (or an earlier failure of the group's transaction) failed, in which case nothing
  /// written in the group was kept.
  package static func run(_ body: (WriteGroup) async -> Void) async throws(StorageError) {
    let group = WriteGroup()
    await body(group)
    let (holder, failure) = group.state.withLock { state in
      state.ended = true
      return (state.holder, state.failure)
    }
    if let holder {
      try await holder.commit(group)
    } else if let failure {
      throw failure
    }
  }

  /// Why the group can no longer succeed, if it cannot.
  package var failure: StorageError? { state.withLock { $0.failure } }

  /// Records why the group cannot succeed; the first reason is kept.
  package func fail(_ error: StorageError) {
    state.withLock { state in
      if state.failure == nil { state.failure = error }
    }
  }

  /// Makes `holder` the store that holds the group's transaction, unless another one does.
  ///
  /// True when `holder` is (now) the group's, false when another store is (a write to
  /// `holder` then commits on its own). Throws when the group has ended: a handle kept past its
  /// group is a fault of the caller, refused rather than taken for a write of its own.
  package func hold(by holder: any WriteGroupHolder) throws(StorageError) -> Bool {
    try state.withLock { state throws(StorageError) in
      guard !state.ended else { throw WriteGroup.ended }
      guard let current = state.holder else {
        state.holder = holder
        return true
      }
      return current === holder
    }
  }

  /// Throws when the group has ended (see `hold(by:)`).
  package func checkOpen() throws(StorageError) {
    if state.withLock({ $0.ended }) { throw WriteGroup.ended }
  }

  /// The error for a write given the handle of a group that has ended.
  package static let ended = StorageError.internalFailure(
    detail:
      "a write was given the handle of a write group that has ended; a group's handle is only for the writes made while it runs",
    statement: "")
}
