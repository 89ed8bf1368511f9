import JSON
import Synchronization
import Testing

@testable import JSONRPC

@Suite("PushChannel: keyed, coalesced, dropped on close")
struct PushChannelTests {
  @Test("three posts under one key before the writer takes them are one, the latest")
  func coalesces() {
    let channel = PushChannel()
    for count in 1...3 {
      channel.post(key: "favorites 7") { .integer(Int64(count)) }
    }
    channel.post(key: "favorites 8") { .string("eight") }
    channel.post(key: "favorites 7") { .integer(4) }
    #expect(channel.pendingCount == 2)
    // In the order the keys were first posted, each rendered as it is last posted.
    #expect(channel.take() == [.integer(4), .string("eight")])
    #expect(channel.pendingCount == 0)
    #expect(channel.take() == [])
  }

  @Test("a render that finds nothing due sends nothing")
  func nothingDue() {
    let channel = PushChannel()
    channel.post(key: "a") { nil }
    channel.post(key: "b") { .bool(true) }
    #expect(channel.take() == [.bool(true)])
  }

  @Test("closing drops what is kept, refuses later posts and runs the close handlers once")
  func closing() {
    let channel = PushChannel()
    let closes = Counter()
    channel.onClose { closes.add() }
    channel.post(key: "a") { .integer(1) }
    channel.close()
    channel.close()
    #expect(closes.value == 1)
    #expect(channel.isClosed)
    channel.post(key: "b") { .integer(2) }
    #expect(channel.pendingCount == 0)
    // A handler given after the close runs at once.
    channel.onClose { closes.add() }
    #expect(closes.value == 2)
  }
}

/// A count shared with the close handlers.
private final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}
