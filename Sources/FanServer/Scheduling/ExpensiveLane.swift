import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where expensive calls run (see `RPCMethod.isExpensive`): at most `width` at once, the others
/// waiting their turn in the order they came.
///
/// The width is one less than the cores by default (at least one), so that expensive calls,
/// however many arrive, always leave a core to the dispatch loop and the quick calls it runs.
final class ExpensiveLane: Sendable {
  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>
  /// The most calls that run at once.
  let width: Int

  /// A lane that runs at most `width` calls at once (at least one).
  init(width: Int) {
    self.width = max(1, width)
    state = Mutex(State(free: max(1, width)))
  }

  /// The lane every connection of this process shares: the cores are the process's.
  static let processWide = ExpensiveLane(width: defaultWidth)

  /// One less than the cores online, at least one.
  static var defaultWidth: Int {
    #if canImport(Glibc)
      max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)) - 1)
    #else
      1
    #endif
  }

  /// Runs `call` once a place is free, and frees it when the call is done.
  func run(_ call: QuickCall) async {
    await acquire()
    await call()
    release()
  }

  private func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state in
        guard state.free > 0 else {
          state.waiting.append(continuation)
          return false
        }
        state.free -= 1
        return true
      }
      if now { continuation.resume() }
    }
  }

  private func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
