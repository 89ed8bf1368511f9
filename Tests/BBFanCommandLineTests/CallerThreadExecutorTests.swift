import POSIXSupport
import Synchronization
import Testing

@testable import bbfan

/// `bbfan call`'s executor: the operation, its child tasks and the actors it calls run on the
/// thread that called `run`, and work finished on another thread comes back to it.
@Suite("CallerThreadExecutor")
struct CallerThreadExecutorTests {
  /// The threads the steps ran on.
  private final class Threads: Sendable {
    private let threads = Mutex<[pthread_t]>([])
    func record() { threads.withLock { $0.append(pthread_self()) } }
    func append(_ more: [pthread_t]) { threads.withLock { $0.append(contentsOf: more) } }
    var all: [pthread_t] { threads.withLock { $0 } }
  }

  private actor Counter {
    private(set) var threads: [pthread_t] = []
    func record() { threads.append(pthread_self()) }
  }

  @Test("every step runs on the calling thread, and the operation's result is returned")
  func oneThread() {
    let caller = pthread_self()
    let seen = Threads()
    let result = CallerThreadExecutor.run { () -> [Int] in
      seen.record()
      let counter = Counter()
      let squares = await withTaskGroup(of: Int.self) { group in
        for value in 1...8 {
          group.addTask {
            await counter.record()
            seen.record()
            return value * value
          }
        }
        var all: [Int] = []
        for await square in group { all.append(square) }
        return all.sorted()
      }
      // A continuation resumed by another operating-system thread comes back here.
      let fromThread = await withCheckedContinuation { continuation in
        let thread = OSThread { continuation.resume(returning: 100) }
        thread.join()
      }
      seen.record()
      let actorThreads = await counter.threads
      seen.append(actorThreads)
      return squares + [fromThread]
    }
    #expect(result == [1, 4, 9, 16, 25, 36, 49, 64, 100])
    let threads = seen.all
    #expect(threads.count == 1 + 8 + 1 + 8)
    #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
  }
}
