import FanStorage

/// A clock in milliseconds since 1970 that a configuration can hold (compared by identity).
package struct ServiceClock: Sendable, Equatable {
  /// The system's wall clock (`CLOCK_REALTIME`).
  package static let wall = ServiceClock(StorageDefaults.wallClock)

  /// The time now.
  package let now: @Sendable () -> Int64
  private let identity = ObjectIdentity()

  /// A clock reading `now`.
  package init(_ now: @escaping @Sendable () -> Int64) {
    self.now = now
  }

  /// Equal when they are the same clock.
  package static func == (a: ServiceClock, b: ServiceClock) -> Bool {
    a.identity === b.identity
  }

  private final class ObjectIdentity: Sendable {}
}
