import JSONRPC

/// The service's scheduling policy: user-state calls on one queue per connection, short writes
/// sharing a commit, a burst of quick calls spread over two threads, and expensive calls on a
/// lane of their own, bounded below the core count.
struct ServiceScheduler: CallScheduler {
  /// Makes the writes of a group of sharing calls durable together; nil: each commits alone.
  let commitScope: CommitScope?
  /// The most sharing calls one commit takes.
  var maxGroup = 64
  /// Where expensive calls run; the process's lane unless a test gives its own.
  var expensiveLane = ExpensiveLane.processWide

  /// A queue that runs user-state calls in arrival order, grouping sharing ones.
  func makeQueue(_ environment: CallEnvironment) -> any CallQueue {
    UserStateQueue(commitScope: commitScope, environment: environment, maxGroup: maxGroup)
  }

  /// Runs the quick calls of one read as `QuickBurst` says.
  ///
  /// On the caller's executor (the transport's loop thread), as the connection's own code runs.
  nonisolated(nonsending) func runQuick(_ calls: [QuickCall]) async {
    await QuickBurst.run(calls)
  }

  /// Runs an expensive call on the lane, once it has room.
  func runExpensive(_ call: QuickCall) async {
    await expensiveLane.run(call)
  }
}
