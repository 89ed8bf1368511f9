/// What a transport asks and tells the connection it serves.
package struct TransportHooks: Sendable {
  /// Asked before messages are handed over: whether the connection can take more now.
  ///
  /// It can while fewer than `MessageLimits.maxInFlight` messages are in progress. A transport
  /// told no keeps the messages and asks again later.
  package var canTake: @Sendable () -> Bool
  /// Told how many messages are about to be handed over (before they are).
  package var willHandOver: @Sendable (Int) -> Void
  /// Told that the grace period after a termination signal is over (after the transport has
  /// dropped the output the client did not read): requests not started yet are dropped,
  /// running ones are cancelled.
  package var graceExpired: @Sendable () -> Void

  /// Creates the hooks.
  package init(
    canTake: @escaping @Sendable () -> Bool = { true },
    willHandOver: @escaping @Sendable (Int) -> Void = { _ in },
    graceExpired: @escaping @Sendable () -> Void = {}
  ) {
    self.canTake = canTake
    self.willHandOver = willHandOver
    self.graceExpired = graceExpired
  }
}
