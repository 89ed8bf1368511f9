import JSON

/// What carries messages between a client and `JSONRPCConnection`: the connection parses no
/// bytes and touches no file descriptor, a transport does.
///
/// `JSONRPCConnection.serve(over:recorder:)` calls `open(_:)` once, reads the frames it returns
/// until they end, and then calls `close()`. Meanwhile it sends every reply and notification
/// with `send(_:framing:)` (from any thread), in the framing of the message it answers.
///
/// Back-pressure is shared: before handing messages over the transport asks
/// `TransportHooks.canTake` (the connection's bound on messages in progress), and before a
/// request starts the connection waits for `hasRoom` (the transport's bound on replies waiting
/// for the client).
///
/// The stdio transport (`JSONRPCStdio`) reads and writes a pair of file descriptors;
/// `InMemoryTransport` is fed messages and collects replies, for tests.
package protocol Transport: Sendable {
  /// Starts taking messages: the frames in arrival order, grouped as they arrived (one group is
  /// dispatched, then its replies written together), ending at the end of input or when the
  /// transport stops reading (a termination signal).
  ///
  /// `hooks` is how the transport asks and tells the connection; it may call them from any
  /// thread.
  func open(_ hooks: TransportHooks) -> TransportInput

  /// Queues messages (a reply, notifications) for the client, framed as `framing`, as one run:
  /// nothing sent from another thread comes between them.
  ///
  /// Never blocks; messages go out in the order they were sent. A reply and the notifications
  /// meant for after it are one run, so that a client that answers the reply at once still
  /// reads them before the reply to its next request.
  func send(_ messages: [JSONValue], framing: Framing)

  /// Holds messages back until `uncork()`: the connection corks while it handles one group of
  /// frames, so that their replies can go out together.
  func cork()

  /// Sends what was held back since `cork()`.
  func uncork()

  /// Whether there is room for more replies: false while too many bytes wait for the client.
  var hasRoom: Bool { get }

  /// Returns once `hasRoom` holds (or nothing more will be written).
  func waitForRoom() async

  /// Called after the last reply was sent and every task is done: writes what is still queued
  /// (within the grace period, if a termination signal began one), then releases the transport.
  func close()
}

extension Transport {
  /// Queues one message (a reply or a notification) for the client, framed as `framing`.
  package func send(_ message: JSONValue, framing: Framing) {
    send([message], framing: framing)
  }

  /// Sends at once: nothing is held back.
  package func cork() {}

  /// Nothing was held back.
  package func uncork() {}

  /// Always room: the transport keeps no bound on replies.
  package var hasRoom: Bool { true }

  /// Never waits.
  package func waitForRoom() async {}
}
