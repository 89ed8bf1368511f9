import POSIXSupport
import Synchronization

/// A task executor that runs every job on one thread: the thread that calls `run(_:)`, which
/// it blocks until the operation ends.
///
/// `bbfan call` runs its one request through it on the process's main thread, so that Swift
/// concurrency starts no pool of threads for it: creating them, their stacks and memory arenas,
/// handing each step of the request from one to another, and the TLB shootdowns a process
/// running on several CPUs pays on every copy-on-write fault were about a tenth of a one-shot
/// call (issue 38, Benchmarks/README.md). Child tasks and actors without an executor of their
/// own run here too (a task executor preference is inherited); work another thread finishes
/// (a libcurl transfer, a timer) hands its continuation back through `enqueue`, which wakes
/// the running thread.
final class CallerThreadExecutor: TaskExecutor {
  private struct State {
    var jobs: [UnownedJob] = []
    var finished = false
  }

  private let state = ConditionLock(State())

  private init() {}

  /// Takes a job to run on the thread blocked in `run(_:)`; any thread may call it.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs.append(job) }
    state.broadcast()
  }

  /// Runs `operation` as a task whose jobs all run on the calling thread, and returns its
  /// result once it has ended.
  ///
  /// Jobs still waiting when the operation has returned (a task it did not wait for) are not
  /// run: the caller is about to end the process.
  static func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let executor = CallerThreadExecutor()
    let result = Mutex<Value?>(nil)
    // The one task the thread runs; `drain` returns once it has stored its result.
    Task.detached(executorPreference: executor) {
      let value = await operation()
      result.withLock { $0 = value }
      executor.state.withLock { $0.finished = true }
      executor.state.broadcast()
    }
    executor.drain()
    guard let value = result.withLock({ $0 }) else {
      preconditionFailure("the operation's task ended without a result")
    }
    return value
  }

  /// Runs jobs in the order they came until the operation has finished.
  private func drain() {
    while true {
      let next = state.wait(
        until: { !$0.jobs.isEmpty || $0.finished },
        then: { state -> UnownedJob? in state.finished ? nil : state.jobs.removeFirst() })
      guard let next else { return }
      next.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
