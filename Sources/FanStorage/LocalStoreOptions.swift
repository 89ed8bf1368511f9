/// How a data directory's store is opened.
package struct LocalStoreOptions: Sendable {
  /// The data directory (created when missing).
  package var directory: String
  /// How long a write waits for another process, in milliseconds.
  package var busyTimeoutMilliseconds: Int
  /// Milliseconds since 1970; the system's, or a test's.
  package var clock: @Sendable () -> Int64
  /// Whether the store folds its write-ahead log into the database when it closes; a one-shot
  /// process leaves it for the next.
  package var checkpointsOnClose: Bool

  /// Options for `directory`.
  package init(
    directory: String, busyTimeoutMilliseconds: Int = StorageDefaults.busyTimeoutMilliseconds,
    clock: @escaping @Sendable () -> Int64 = StorageDefaults.wallClock,
    checkpointsOnClose: Bool = true
  ) {
    self.directory = directory
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.clock = clock
    self.checkpointsOnClose = checkpointsOnClose
  }
}
