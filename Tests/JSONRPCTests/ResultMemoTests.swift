import JSON
import JSONRPC
import Synchronization
import Testing

@Suite("Result memo")
struct ResultMemoTests {
  /// A result that counts how often it is encoded.
  struct Counted: Encodable, Equatable, Sendable {
    static let encodings = Atomic<Int>(0)
    var name: String
    var count: Int

    func encode(to encoder: any Encoder) throws {
      Self.encodings.add(1, ordering: .relaxed)
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(count, forKey: .count)
    }

    enum CodingKeys: String, CodingKey { case name, count }
  }

  @Test("an equal result is not encoded again; a different one is, and replaces it")
  func reuse() throws {
    let memo = ResultMemo<Counted>()
    let before = Counted.encodings.load(ordering: .relaxed)
    let first = try memo.encode(Counted(name: "bbfan", count: 1))
    let again = try memo.encode(Counted(name: "bbfan", count: 1))
    #expect(first == again)
    #expect(first.serializedText == #"{"name":"bbfan","count":1}"#)
    #expect(Counted.encodings.load(ordering: .relaxed) - before == 1)
    let changed = try memo.encode(Counted(name: "bbfan", count: 2))
    #expect(changed.serializedText == #"{"name":"bbfan","count":2}"#)
    let back = try memo.encode(Counted(name: "bbfan", count: 1))
    #expect(back == first)
    #expect(Counted.encodings.load(ordering: .relaxed) - before == 3)
  }
}
