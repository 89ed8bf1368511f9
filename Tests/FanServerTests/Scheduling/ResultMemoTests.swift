import JSON
import JSONRPC
import JSONRPCTestSupport
import Synchronization
import Testing

@testable import FanServer

@Suite("Result memo")
struct ResultMemoTests {
  struct Info: Encodable, Sendable {
    var name: String
    var count: Int
  }

  @Test("a result is computed again only when its version changes, and sent as it was serialized")
  func reuse() async throws {
    let memo = ResultMemo()
    let computed = Atomic<Int>(0)
    func result(_ key: UInt64, _ count: Int) async throws -> JSONValue {
      try await memo.result(for: key) {
        computed.add(1, ordering: .relaxed)
        return Info(name: "bbfan", count: count)
      }
    }
    let first = try await result(1, 1)
    #expect(first.serializedText == #"{"name":"bbfan","count":1}"#)
    #expect(memo.current(for: 1) == first)
    #expect(memo.current(for: 2) == nil)
    // Same version: the memoized result, even though the state would now give another one.
    #expect(try await result(1, 99) == first)
    #expect(computed.load(ordering: .relaxed) == 1)
    let changed = try await result(2, 2)
    #expect(changed.serializedText == #"{"name":"bbfan","count":2}"#)
    // Only the last result is memoized.
    #expect(try await result(1, 3).serializedText == #"{"name":"bbfan","count":3}"#)
    #expect(computed.load(ordering: .relaxed) == 3)
  }

  @Test("a failing computation keeps nothing and is tried again")
  func failure() async throws {
    struct Failure: Error {}
    let memo = ResultMemo()
    await #expect(throws: Failure.self) {
      _ = try await memo.result(for: 1) { () async throws -> Info in throw Failure() }
    }
    let value = try await memo.result(for: 1) { Info(name: "bbfan", count: 1) }
    #expect(value.serializedText == #"{"name":"bbfan","count":1}"#)
  }
}
