import JSON
import JSONRPC
import JSONRPCTestSupport
import Synchronization
import Testing

@testable import FanServer

/// A method without params whose result is memoized while a version stays the same.
private enum Info: RPCMethod {
  static let name = "test.info"
  typealias Params = NoParams
  struct Result: Codable, Sendable {
    var runs: Int
  }
}

@Suite("A memoized result answered without running anything", .timeLimit(.minutes(5)))
struct MemoizedResultTests {
  /// The version the result is memoized for, and how many times it was computed.
  private final class Counters: Sendable {
    let version = Atomic<UInt64>(0)
    let runs = Atomic<Int>(0)
  }

  private let counters = Counters()

  private func connection() -> JSONRPCConnection {
    var router = MethodRouter()
    let counters = self.counters
    let version: @Sendable () -> UInt64 = { counters.version.load(ordering: .relaxed) }
    router.registerMemoized(Info.self, version: version) { _, _ in
      Info.Result(runs: counters.runs.add(1, ordering: .relaxed).newValue)
    }
    router.register(Echo.self) { params, _ in params.text }
    return JSONRPCConnection(router: router, log: DiagnosticLog(level: .off)) { _ in
      .internalError()
    }
  }

  @Test("memoized results, bad params and other quick calls of one group are answered in order")
  func order() async throws {
    let replies = try await InMemoryClient.session(connection()) { client in
      // Computed once, then memoized: the group's first calls are answered as they are read.
      client.send(#"{"jsonrpc":"2.0","method":"test.info","id":1}"#)
      let first = await client.nextText()
      client.transport.feed([
        #"{"jsonrpc":"2.0","method":"test.info","id":2,"params":{}}"#,
        #"{"jsonrpc":"2.0","method":"test.info","id":3,"params":[]}"#,
        #"{"jsonrpc":"2.0","method":"test.info"}"#,
        #"{"jsonrpc":"2.0","method":"test.info","id":4,"params":{"x":1}}"#,
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"e"},"id":5}"#,
        #"{"jsonrpc":"2.0","method":"test.info","id":6}"#,
      ])
      client.transport.finishInput()
      return [first ?? ""] + (await client.rest())
    }
    // Every reply in the order of the calls; the notification has none.
    #expect(replies.count == 6)
    #expect(replies[0] == #"{"jsonrpc":"2.0","id":1,"result":{"runs":1}}"#)
    #expect(replies[1] == #"{"jsonrpc":"2.0","id":2,"result":{"runs":1}}"#)
    #expect(replies[2] == #"{"jsonrpc":"2.0","id":3,"result":{"runs":1}}"#)
    #expect(replies[3].hasPrefix(#"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"#))
    #expect(replies[4] == #"{"jsonrpc":"2.0","id":5,"result":"e"}"#)
    #expect(replies[5] == #"{"jsonrpc":"2.0","id":6,"result":{"runs":1}}"#)
    #expect(counters.runs.load(ordering: .relaxed) == 1)
  }

  @Test("a memoized result is answered at once, and computed again once the version changes")
  func versionChanges() async throws {
    let counters = self.counters
    let replies = try await InMemoryClient.session(connection()) { client in
      client.send(#"{"jsonrpc":"2.0","method":"test.info","id":1}"#)
      let first = await client.nextText()
      client.send(#"{"jsonrpc":"2.0","method":"test.info","id":2}"#)
      let memoized = await client.nextText()
      counters.version.add(1, ordering: .relaxed)
      client.send(#"{"jsonrpc":"2.0","method":"test.info","id":3}"#)
      let again = await client.nextText()
      return [first, memoized, again]
    }
    #expect(replies[0] == #"{"jsonrpc":"2.0","id":1,"result":{"runs":1}}"#)
    #expect(replies[1] == #"{"jsonrpc":"2.0","id":2,"result":{"runs":1}}"#)
    #expect(replies[2] == #"{"jsonrpc":"2.0","id":3,"result":{"runs":2}}"#)
  }
}
