/// Runs ordered calls one at a time in arrival order, each after room for its reply.
package final class ArrivalOrderQueue: CallQueue {
  private let calls = SerialQueue<OrderedCall>()
  private let environment: CallEnvironment

  /// An empty queue.
  package init(_ environment: CallEnvironment) {
    self.environment = environment
  }

  /// Adds a call.
  package func enqueue(_ call: OrderedCall) {
    calls.append(call)
  }

  /// Runs the calls until finished and empty.
  package func run() async {
    while let call = await calls.next() {
      await environment.gate()
      await call.runAndAnswer()
    }
  }

  /// Lets `run()` return once the calls already enqueued are answered.
  package func finish() {
    calls.finish()
  }
}
