import Synchronization

/// A queue of jobs run one at a time in the order they were enqueued.
///
/// Methods that read or change users' state go through it, every user's on one lane, so a
/// pipelined `favorites.toggle` then `favorites.list` sees the toggle, and a read that spans
/// users (`favorites.top`) sees every write that arrived before it.
///
/// Jobs enqueued with `enqueue(sharing:)` may share one commit: when the lane comes to such a
/// job, it takes it together with the sharing jobs queued right behind it at that moment (at
/// most `maxGroup`; it never waits for more to arrive), and runs them one after another inside
/// its `CommitScope`. Each job's answer is held until the scope has returned, then given the
/// scope's outcome: nil when the commit succeeded, else its error.
package final class OrderedLane: Sendable {
  /// One unit of work.
  package typealias Job = @Sendable () async -> Void
  /// A job that may share a commit: it runs, and returns how to answer once the commit's outcome
  /// is known (nil when it succeeded, else the error that every job of the group answers with).
  package typealias SharingJob = @Sendable () async -> Answer
  /// Sends a sharing job's reply, given the commit's outcome.
  package typealias Answer = @Sendable (_ commitFailure: (any Error)?) -> Void

  private enum Entry {
    case single(Job)
    case sharing(SharingJob)
  }

  private struct State {
    var entries: [Entry] = []
    var finished = false
    var waiter: CheckedContinuation<Void, Never>?

    /// The waiting `run()`, taken so that it is resumed once.
    mutating func take() -> CheckedContinuation<Void, Never>? {
      defer { waiter = nil }
      return waiter
    }
  }

  private let state = Mutex(State())
  private let commitScope: CommitScope?
  private let gate: @Sendable () async -> Void
  private let maxGroup: Int
  private let deliver: @Sendable (_ answers: () -> Void) -> Void

  /// Creates an empty lane; call `run()` in a task to process it.
  ///
  /// Without a `commitScope`, sharing jobs run one at a time like the others. A group of
  /// sharing jobs waits for `gate` (room for replies) before it starts, since its jobs do not
  /// wait for it themselves: nothing waits for the client while a commit is open. `deliver` sends
  /// a group's answers (a transport may hold them back while they are sent, so that they go out
  /// together).
  package init(
    commitScope: CommitScope? = nil, gate: @escaping @Sendable () async -> Void = {},
    maxGroup: Int = 64,
    deliver: @escaping @Sendable (_ answers: () -> Void) -> Void = { $0() }
  ) {
    self.commitScope = commitScope
    self.gate = gate
    self.maxGroup = max(1, maxGroup)
    self.deliver = deliver
  }

  /// Appends a job; it runs after every job enqueued before it.
  package func enqueue(_ job: @escaping Job) {
    append(.single(job))
  }

  /// Appends a job that may share a commit with the sharing jobs next to it; it runs after every
  /// job enqueued before it.
  package func enqueue(sharing job: @escaping SharingJob) {
    append(.sharing(job))
  }

  /// Lets `run()` return once the jobs already enqueued are done.
  package func finish() {
    let waiter = state.withLock { state in
      state.finished = true
      return state.take()
    }
    waiter?.resume()
  }

  /// Runs the jobs in order until `finish()` has been called and the queue is empty.
  package func run() async {
    while let next = await nextRun() {
      switch next {
      case .single(let job):
        await job()
      case .group(let jobs):
        await run(group: jobs)
      }
    }
  }

  private enum Run {
    case single(Job)
    case group([SharingJob])
  }

  private func append(_ entry: Entry) {
    let waiter = state.withLock { state in
      state.entries.append(entry)
      return state.take()
    }
    waiter?.resume()
  }

  /// The next job, or the next sharing jobs queued together; nil once finished and empty.
  private func nextRun() async -> Run? {
    while true {
      let taken = state.withLock { state -> Run?? in
        guard let first = state.entries.first else { return state.finished ? .some(nil) : nil }
        switch first {
        case .single(let job):
          state.entries.removeFirst()
          return .some(.single(job))
        case .sharing(let job) where commitScope == nil:
          state.entries.removeFirst()
          return .some(.group([job]))
        case .sharing:
          var jobs: [SharingJob] = []
          for entry in state.entries.prefix(maxGroup) {
            guard case .sharing(let job) = entry else { break }
            jobs.append(job)
          }
          state.entries.removeFirst(jobs.count)
          return .some(.group(jobs))
        }
      }
      if let taken { return taken }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if !state.entries.isEmpty || state.finished { return true }
          state.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }

  /// Runs sharing jobs in order inside the commit scope, then answers them all.
  ///
  /// A scope that never called its body (it failed, or had nothing to do, before that) leaves
  /// the jobs to run one at a time as plain jobs do, each answered with its own outcome.
  private func run(group jobs: [SharingJob]) async {
    await gate()
    var answers: [Answer] = []
    var failure: (any Error)?
    if let commitScope {
      do {
        try await commitScope {
          // Once, however often a scope calls it.
          guard answers.isEmpty else { return }
          answers.reserveCapacity(jobs.count)
          for job in jobs { answers.append(await job()) }
        }
      } catch {
        failure = error
      }
    }
    if !answers.isEmpty {
      let outcome = failure
      deliver {
        for answer in answers { answer(outcome) }
      }
      return
    }
    for job in jobs { await job()(nil) }
  }
}
