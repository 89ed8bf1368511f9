/// A queue of jobs run one at a time in the order they were enqueued.
///
/// Methods that read or change one user's state go through it, so a pipelined
/// `favorites.toggle` then `favorites.list` sees the toggle.
package final class OrderedLane: Sendable {
  /// One unit of work.
  package typealias Job = @Sendable () async -> Void

  private let stream: AsyncStream<Job>
  private let continuation: AsyncStream<Job>.Continuation

  /// Creates an empty lane; call `run()` in a task to process it.
  package init() {
    (stream, continuation) = AsyncStream.makeStream(of: Job.self)
  }

  /// Appends a job; it runs after every job enqueued before it.
  package func enqueue(_ job: @escaping Job) {
    continuation.yield(job)
  }

  /// Lets `run()` return once the jobs already enqueued are done.
  package func finish() {
    continuation.finish()
  }

  /// Runs the jobs in order until `finish()` has been called and the queue is empty.
  package func run() async {
    for await job in stream {
      await job()
    }
  }
}
