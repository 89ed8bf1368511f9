/// Where one connection's ordered calls wait their turn; its scheduler made it.
package protocol CallQueue: Sendable {
  /// Adds a call, in arrival order.
  func enqueue(_ call: OrderedCall)
  /// Runs the calls as the policy says until `finish()` has been called and every call is
  /// answered; the connection runs it in a task of its own.
  func run() async
  /// Lets `run()` return once the calls already enqueued are answered.
  func finish()
}
