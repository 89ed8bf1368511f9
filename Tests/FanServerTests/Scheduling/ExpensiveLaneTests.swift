import Synchronization
import Testing

@testable import FanServer

/// How many calls run now, the most that ran at once, and how many are done.
private final class Tally: Sendable {
  let state = Mutex((now: 0, most: 0, done: 0))
}

@Suite("ExpensiveLane", .timeLimit(.minutes(5)))
struct ExpensiveLaneTests {
  @Test("runs at most its width at once, and every call", arguments: [1, 2, 3])
  func bound(width: Int) async {
    let lane = ExpensiveLane(width: width)
    let running = Tally()
    await withDiscardingTaskGroup { group in
      for _ in 0..<(width * 4) {
        group.addTask {
          await lane.run {
            running.state.withLock { state in
              state.now += 1
              state.most = max(state.most, state.now)
            }
            // Long enough for the other tasks to try to come in meanwhile.
            try? await Task.sleep(for: .milliseconds(2))
            running.state.withLock { state in
              state.now -= 1
              state.done += 1
            }
          }
        }
      }
    }
    let state = running.state.withLock { ($0.now, $0.most, $0.done) }
    #expect(state.2 == width * 4)
    #expect(state.1 <= width)
    #expect(state.0 == 0)
  }

  @Test("leaves a core to the dispatch loop, and is never narrower than one")
  func width() {
    #expect(ExpensiveLane.defaultWidth >= 1)
    #expect(ExpensiveLane(width: 0).width == 1)
  }
}
