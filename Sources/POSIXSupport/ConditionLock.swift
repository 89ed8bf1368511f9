/// A mutex with a condition variable, guarding a value of type `State`.
///
/// The reader and writer threads block on it (a full pipe, a paused input), so it is built on
/// pthreads rather than on Swift concurrency, whose cooperative threads (one per core) must never
/// block.
package final class ConditionLock<State>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var state: State

  /// Creates a lock guarding `state`.
  package init(_ state: State) {
    self.state = state
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` with the state locked.
  ///
  /// Waiters are not woken: call `broadcast()` after a change that may let one go on.
  @discardableResult
  package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }

  /// Wakes every thread blocked in `wait`, so that each checks its condition again.
  ///
  /// It takes the lock, so a waiter that has checked its condition is already waiting: a change
  /// made before the call (under the lock or through an atomic) is never missed.
  package func broadcast() {
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Blocks the calling thread until `ready` holds, then runs `body` with the state locked.
  @discardableResult
  package func wait<R>(until ready: (State) -> Bool, then body: (inout State) throws -> R) rethrows
    -> R
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(state) {
      pthread_cond_wait(condition, mutex)
    }
    return try body(&state)
  }
}
