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

@Suite("PushChannel: the writer's wake-ups, made on first use")
struct PushChannelWriterTests {
  @Test("a post made before the writer starts is written when it starts; closing ends it")
  func postBeforeTheWriter() async {
    let channel = PushChannel()
    let transport = InMemoryTransport()
    channel.post(key: "a") { .integer(1) }
    await withDiscardingTaskGroup { group in
      group.addTask { await channel.run(over: transport) }
      var sent = transport.sent.makeAsyncIterator()
      #expect(await sent.next()?.message == .integer(1))
      channel.close()
    }
  }

  @Test("a writer started after the close, with nothing ever posted, ends at once")
  func writerAfterTheClose() async {
    let channel = PushChannel()
    channel.close()
    await channel.run(over: InMemoryTransport())
    channel.post(key: "b") { .integer(2) }
    #expect(channel.pendingCount == 0)
  }
}

/// A count shared with the close handlers.
private final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}

@Suite("PushChannel: rewriting, and the end of the client's input")
struct PushChannelLifetimeTests {
  @Test("a rewrite sees each run taken, rendered, and what it gives is what is written")
  func rewrites() {
    let runs = Runs()
    let channel = PushChannel { taken in
      runs.append(taken)
      return taken.isEmpty ? [] : [.string("\(taken.count) translated")]
    }
    channel.post(key: "a") { .integer(1) }
    channel.post(key: "b") { nil }
    channel.post(key: "c") { .integer(3) }
    #expect(channel.take() == [.string("2 translated")])
    #expect(runs.all == [[.integer(1), .integer(3)]])
    // Nothing taken: the rewrite is not asked.
    #expect(channel.take() == [])
    #expect(runs.all.count == 1)
  }

  /// Returns once `count` tasks wait in `channel.untilEndOfInput()`.
  private func waiters(_ count: Int, on channel: PushChannel) async {
    while channel.waitingForEndOfInput < count { await Task.yield() }
  }

  @Test("untilEndOfInput wakes every task waiting when the input ends, and returns at once after")
  func endOfInput() async {
    let channel = PushChannel()
    await withDiscardingTaskGroup { group in
      group.addTask { await channel.untilEndOfInput() }
      group.addTask { await channel.untilEndOfInput() }
      await waiters(2, on: channel)
      #expect(!channel.inputHasEnded)
      channel.endInput()
    }
    #expect(channel.inputHasEnded)
    #expect(channel.waitingForEndOfInput == 0)
    await channel.untilEndOfInput()
  }

  @Test("untilEndOfInput wakes a waiting task when the channel closes, or when it is cancelled")
  func closeAndCancel() async {
    let closing = PushChannel()
    await withDiscardingTaskGroup { group in
      group.addTask { await closing.untilEndOfInput() }
      await waiters(1, on: closing)
      closing.close()
    }
    #expect(closing.waitingForEndOfInput == 0)
    let open = PushChannel()
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await open.untilEndOfInput() }
      await waiters(1, on: open)
      group.cancelAll()
      await group.waitForAll()
    }
    // Woken by the cancellation alone: the input has not ended.
    #expect(!open.inputHasEnded)
    #expect(open.waitingForEndOfInput == 0)
  }
}

/// The runs a rewrite was given.
private final class Runs: Sendable {
  private let runs = Mutex<[[JSONValue]]>([])
  var all: [[JSONValue]] { runs.withLock { $0 } }
  func append(_ run: [JSONValue]) { runs.withLock { $0.append(run) } }
}
