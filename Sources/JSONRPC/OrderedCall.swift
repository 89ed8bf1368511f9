import JSON

/// A call the connection hands to its scheduler's queue: its key, how to run it, and how to
/// answer it.
package struct OrderedCall: Sendable {
  /// The key its route gave (see `Scheduling.ordered`).
  package let key: any OrderingKey
  /// Runs the call (params decoded, handler run, result encoded) within `scope` and returns its
  /// outcome, without answering: a queue may hold the answer back until its policy says.
  ///
  /// `scope` is what the queue runs the call within, opaque here: the handler finds it as
  /// `RequestContext.queueScope` (the service's queue gives a group of writes sharing a commit
  /// their group's handle); nil for none.
  package let run: @Sendable (_ scope: (any Sendable)?) async -> Result<JSONValue, JSONRPCError>
  /// Sends the call's reply (nothing for a notification).
  package let answer: @Sendable (Result<JSONValue, JSONRPCError>) -> Void

  /// Creates a call.
  package init(
    key: any OrderingKey,
    run: @escaping @Sendable (_ scope: (any Sendable)?) async -> Result<JSONValue, JSONRPCError>,
    answer: @escaping @Sendable (Result<JSONValue, JSONRPCError>) -> Void
  ) {
    self.key = key
    self.run = run
    self.answer = answer
  }

  /// Runs the call, within no scope, and answers it.
  package func runAndAnswer() async {
    answer(await run(nil))
  }
}
