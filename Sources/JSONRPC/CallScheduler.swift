/// The server's policy for when calls run: the ordered calls of a connection (see
/// `Scheduling.ordered`) and the quick calls read together.
///
/// The wire knows messages, dispatch, cancellation and progress; what orders calls (keys,
/// grouping, how a burst of quick calls is spread) is the server's, told to the connection
/// through this protocol, as a language server's dependency tracker is told to its queue.
package protocol CallScheduler: Sendable {
  /// A queue for one connection's ordered calls (or one `JSONRPCConnection.respond`'s).
  func makeQueue(_ environment: CallEnvironment) -> any CallQueue

  /// Runs the quick concurrent calls of one read, each to completion; the connection's replies
  /// to them go out together once this returns.
  func runQuick(_ calls: [QuickCall]) async

  /// Runs an expensive concurrent call (see `RPCMethod.isExpensive`) to completion, when the
  /// policy has room for it; called on a task of the call's own, off the dispatch loop.
  func runExpensive(_ call: QuickCall) async
}

/// A quick concurrent call, from decoding its params to handing its reply over.
package typealias QuickCall = @Sendable () async -> Void

extension CallScheduler {
  /// One after another, in the order they were read.
  package func runQuick(_ calls: [QuickCall]) async {
    for call in calls { await call() }
  }

  /// At once: no bound on how many run together.
  package func runExpensive(_ call: QuickCall) async {
    await call()
  }
}
