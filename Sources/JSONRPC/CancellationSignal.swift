import Synchronization

/// A one-way flag that a request's handler can poll or await, set when the client cancels it.
package final class CancellationSignal: Sendable {
  private struct State {
    var isCancelled = false
    var nextWaiter = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var abandoned: Set<Int> = []
  }

  private let state = Mutex(State())

  /// Creates a signal that is not set.
  package init() {}

  /// Whether the request was cancelled.
  package var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Sets the signal and wakes every waiter.
  package func cancel() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.isCancelled else { return [] }
      state.isCancelled = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when the signal is set or the calling task is cancelled, whichever comes first.
  package func wait() async {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { state in
          if state.isCancelled || state.abandoned.contains(id) { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.abandoned.insert(id)
        return state.waiters.removeValue(forKey: id)
      }
      waiter?.resume()
    }
  }
}
