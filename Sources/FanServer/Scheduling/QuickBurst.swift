import JSONRPC

/// How the quick calls of one read run: on the thread that read them, unless they are many and
/// expensive, when the second half of what is left goes to another thread.
///
/// Whether they are expensive is measured on the first few: cheap ones (a few microseconds, such
/// as `service.info`) all stay on the reading thread, where handing half over (a task, another
/// thread taking turns at the writer) would cost more than it saves, and the other core is
/// better left to the client, which must read what they write. Benchmarks/README.md has the
/// measurements behind the numbers.
enum QuickBurst {
  /// The fewest calls worth splitting.
  static let minimumCount = 64
  /// How many calls are timed before deciding.
  static let probe = 16
  /// The time a quick call must take, on average, for a burst of them to be split.
  static let splitThreshold = Duration.microseconds(10)

  /// Runs `calls`, each to completion; those it keeps in order, in order.
  nonisolated(nonsending) static func run(_ calls: [QuickCall]) async {
    guard calls.count >= minimumCount else {
      for call in calls { await call() }
      return
    }
    let clock = ContinuousClock()
    let started = clock.now
    for call in calls[..<probe] { await call() }
    let rest = calls[probe...]
    guard started.duration(to: clock.now) >= splitThreshold * probe else {
      for call in rest { await call() }
      return
    }
    let half = rest.startIndex + rest.count / 2
    let tail = Array(rest[half...])
    await withDiscardingTaskGroup { group in
      group.addTask(executorPreference: globalConcurrentExecutor) {
        for call in tail { await call() }
      }
      for call in rest[..<half] { await call() }
    }
  }
}
