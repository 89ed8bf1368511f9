/// When a username may try to log in again after failures.
///
/// The first five consecutive failures cost nothing; after that each attempt must wait, and the
/// wait doubles with every further failure: 1 s after the 5th, 2 s after the 6th, 4 s after the
/// 7th… up to an hour. A successful login clears the count.
package enum LoginThrottle {
  /// Failures allowed before waits begin.
  package static let freeFailures = 5
  /// The longest wait, in seconds.
  package static let maximumWaitSeconds = 3600

  /// The wait after `failures` consecutive failures, in milliseconds.
  package static func waitMilliseconds(afterFailures failures: Int) -> Int64 {
    guard failures >= freeFailures else { return 0 }
    let exponent = min(failures - freeFailures, 12)
    return min(Int64(1) << Int64(exponent), Int64(maximumWaitSeconds)) * 1000
  }

  /// Seconds left before the next attempt is allowed (rounded up), or nil when it is allowed.
  package static func retryAfter(failures: Int, lastFailureAt: Int64, now: Int64) -> Int? {
    let allowedAt = lastFailureAt + waitMilliseconds(afterFailures: failures)
    guard now < allowedAt else { return nil }
    return Int((allowedAt - now + 999) / 1000)
  }
}
