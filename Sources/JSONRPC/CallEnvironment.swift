import JSON

/// What a connection lends the queue its scheduler makes: when a call may start, how a set of
/// replies goes out together, and how an error becomes a reply.
package struct CallEnvironment: Sendable {
  /// Waits for room for replies; a queue waits for it before it starts a call (or a group of
  /// calls), never while a call holds something open.
  package let gate: @Sendable () async -> Void
  /// Sends the replies `answers` sends as one run (the transport may hold them back until the
  /// last is written).
  package let deliver: @Sendable (_ answers: () -> Void) -> Void
  /// The reply for an error thrown outside a handler (by the queue's own work), as the
  /// connection maps handlers' errors.
  package let error: @Sendable (any Error) -> JSONRPCError

  /// Creates an environment.
  package init(
    gate: @escaping @Sendable () async -> Void = {},
    deliver: @escaping @Sendable (_ answers: () -> Void) -> Void = { $0() },
    error: @escaping @Sendable (any Error) -> JSONRPCError
  ) {
    self.gate = gate
    self.deliver = deliver
    self.error = error
  }
}
