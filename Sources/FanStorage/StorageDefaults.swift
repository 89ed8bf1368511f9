import POSIXSupport

/// What every storage engine shares: the clock of stored times, how long a write waits for
/// another process, and how much of the failed-login record is kept.
package enum StorageDefaults {
  /// How long a write waits for another process holding the database, in milliseconds.
  package static let busyTimeoutMilliseconds = 10_000

  /// How long failed logins of a username are counted after the last one, in milliseconds
  /// (a day); older counts are deleted when another failure is recorded.
  package static let loginFailureRetentionMilliseconds: Int64 = 86_400_000

  /// The most usernames whose failed logins are counted; beyond it the oldest are deleted.
  package static let maximumLoginFailureRows = 10_000

  /// Milliseconds since 1970 from the system clock.
  package static let wallClock: @Sendable () -> Int64 = {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
