/// A store that can hold a `WriteGroup`'s shared transaction (SQLite's).
package protocol WriteGroupHolder: AnyObject, Sendable {
  /// Commits `group`'s transaction if it is still open; throws when that, or an earlier failure
  /// of the group, failed (nothing of the group is kept then).
  func commit(_ group: WriteGroup) async throws(StorageError)
}
