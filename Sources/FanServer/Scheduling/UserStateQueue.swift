import JSON
import JSONRPC

/// One connection's user-state calls, run one at a time in arrival order (see `UserStateOrder`).
///
/// When the queue comes to a call that shares commits, it takes it together with the sharing
/// calls queued right behind it at that moment (at most `maxGroup`; it never waits for more to
/// arrive), and runs them one after another inside its `CommitScope`. Each call's answer is held
/// until the scope has returned, then given: its own outcome when the commit succeeded, the
/// commit's error when it failed.
final class UserStateQueue: CallQueue {
  private let calls = SerialQueue<OrderedCall>()
  private let commitScope: CommitScope?
  private let environment: CallEnvironment
  private let maxGroup: Int

  /// An empty queue; without a `commitScope`, sharing calls run one at a time like the others.
  init(commitScope: CommitScope?, environment: CallEnvironment, maxGroup: Int = 64) {
    self.commitScope = commitScope
    self.environment = environment
    self.maxGroup = max(1, maxGroup)
  }

  /// Adds a call; it runs after every call enqueued before it.
  func enqueue(_ call: OrderedCall) {
    calls.append(call)
  }

  /// Lets `run()` return once the calls already enqueued are answered.
  func finish() {
    calls.finish()
  }

  /// Runs the calls in order until finished and empty.
  nonisolated(nonsending) func run() async {
    let groups = commitScope != nil
    while let run = await calls.next(
      groupingWhile: { groups && Self.sharesCommit($0) }, limit: maxGroup)
    {
      if groups, Self.sharesCommit(run[0]) {
        await runGroup(run)
      } else {
        await environment.gate()
        await run[0].runAndAnswer()
      }
    }
  }

  private static func sharesCommit(_ call: OrderedCall) -> Bool {
    (call.key as? UserStateOrder) == .sharingCommit
  }

  /// Runs sharing calls in order inside the commit scope, each given the group's handle the
  /// scope hands out, then answers them all, together.
  ///
  /// A group waits for the gate (room for replies) before it starts, since its calls do not
  /// wait for it themselves: nothing waits for the client while a commit is open. A scope that
  /// never called its body (it failed, or had nothing to do, before that) leaves the calls to run
  /// one at a time, each answered with its own outcome.
  nonisolated(nonsending) private func runGroup(_ group: [OrderedCall]) async {
    await environment.gate()
    var outcomes: [Result<JSONValue, JSONRPCError>] = []
    var failure: (any Error)?
    if let commitScope {
      do {
        try await commitScope { handle in
          // Once, however often a scope calls it.
          guard outcomes.isEmpty else { return }
          outcomes.reserveCapacity(group.count)
          for call in group { outcomes.append(await call.run(handle)) }
        }
      } catch {
        failure = error
      }
    }
    guard !outcomes.isEmpty else {
      for call in group { await call.runAndAnswer() }
      return
    }
    let commitError = failure.map(environment.error)
    environment.deliver {
      for (call, outcome) in zip(group, outcomes) {
        call.answer(commitError.map { .failure($0) } ?? outcome)
      }
    }
  }
}
