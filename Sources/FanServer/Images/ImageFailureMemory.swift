import FanAPI

/// The URLs whose download failed a moment ago, so that asking again at once fails at once
/// instead of waiting on the same host again (a host that accepts connections and never answers
/// would hold each request for the whole timeout).
///
/// Held in memory, for `seconds` after each failure, at most `capacity` URLs (the oldest failure
/// is forgotten first). A struct inside the `ImageCache` actor.
struct ImageFailureMemory {
  /// One remembered failure.
  struct Failure {
    /// The error the download failed with.
    let error: UpstreamError
    /// When it may be tried again, in the store's clock's milliseconds.
    let until: Int64
  }

  /// How long a failure is remembered, in seconds; 0 remembers none.
  let seconds: Int
  /// The most URLs remembered.
  let capacity: Int
  private var failures: [String: Failure] = [:]
  private var order: [String] = []

  /// A memory of failures for `seconds` each, of at most `capacity` URLs.
  init(seconds: Int, capacity: Int = 4096) {
    self.seconds = max(0, seconds)
    self.capacity = max(1, capacity)
  }

  /// The failure of `key` still remembered at `now`, with the whole seconds left (at least 1).
  mutating func failure(of key: String, at now: Int64) -> (error: UpstreamError, retryAfter: Int)? {
    guard let failure = failures[key] else { return nil }
    guard now < failure.until else {
      forget(key)
      return nil
    }
    let left = failure.until - now
    return (failure.error, Int((left + 999) / 1000))
  }

  /// Remembers that `key` failed with `error` at `now`.
  mutating func remember(_ error: UpstreamError, of key: String, at now: Int64) {
    guard seconds > 0 else { return }
    if failures[key] != nil { order.removeAll { $0 == key } }
    failures[key] = Failure(error: error, until: now + Int64(seconds) * 1000)
    order.append(key)
    while order.count > capacity {
      failures[order.removeFirst()] = nil
    }
  }

  /// Forgets `key`'s failure (it was fetched, or its time is over).
  mutating func forget(_ key: String) {
    guard failures.removeValue(forKey: key) != nil else { return }
    order.removeAll { $0 == key }
  }
}
