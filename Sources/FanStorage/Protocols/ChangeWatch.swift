import FanCore
import FanProtocol

/// Tells when a store may have changed, whoever committed the change (this process or another
/// on the same data directory or database), and reads what a watcher compares on a connection of
/// its own, so that it never reads inside a transaction of the store's.
///
/// A watch is made for a service that has subscribers; it holds one connection of its own.
package protocol ChangeWatch: Sendable {
  /// Returns once something may have been committed since the previous return (the first call
  /// returns at once: the watcher reads its starting state then); throws `CancellationError`
  /// when the task is cancelled.
  func nextChange() async throws
  /// Every quote of `universe` with favourites and its count, read on the watch's connection;
  /// nil when this watch does not hold the favourites (a data directory's watch, when they are
  /// in a shared database).
  func favoriteCounts(universe: UniverseID) throws(StorageError) -> [Int: Int]?
}
