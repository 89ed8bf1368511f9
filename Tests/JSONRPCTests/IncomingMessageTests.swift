import Testing

@testable import JSON
@testable import JSONRPC

@Suite("IncomingMessage")
struct IncomingMessageTests {
  private func classify(_ text: String) throws -> IncomingMessage {
    IncomingMessage(try JSONParser.parse(text))
  }

  @Test("tells requests from notifications; 0 and null are ids, 1 and \"1\" differ")
  func kinds() throws {
    #expect(
      try classify(#"{"jsonrpc":"2.0","method":"m","id":0}"#)
        == .request(id: .number("0"), method: "m", params: nil))
    #expect(
      try classify(#"{"jsonrpc":"2.0","method":"m","id":null}"#)
        == .request(id: .null, method: "m", params: nil))
    #expect(
      try classify(#"{"jsonrpc":"2.0","method":"m"}"#) == .notification(method: "m", params: nil))
    #expect(RequestID.number("1") != RequestID.string("1"))
  }

  @Test("\"params\": null is no params, for a request and a notification; 5 is invalid")
  func nullParams() throws {
    #expect(
      try classify(#"{"jsonrpc":"2.0","method":"m","params":null,"id":1}"#)
        == .request(id: .number("1"), method: "m", params: nil))
    #expect(
      try classify(#"{"jsonrpc":"2.0","method":"m","params":null}"#)
        == .notification(method: "m", params: nil))
    guard
      case .invalid(_, let error) = try classify(
        #"{"jsonrpc":"2.0","method":"m","params":5,"id":1}"#)
    else {
      Issue.record("accepted params 5")
      return
    }
    #expect(error.data?["reason"] == .string("invalid-params"))
  }

  @Test("a long member name is quoted briefly in -32600")
  func longMember() throws {
    let name = String(repeating: "n", count: 100_000)
    guard
      case .invalid(_, let error) = try classify(
        #"{"jsonrpc":"2.0","method":"m","id":1,"\#(name)":0}"#)
    else {
      Issue.record("accepted an unknown member")
      return
    }
    #expect(error.message.contains(BriefQuote.quoted(name)))
    #expect(error.json.serializedText.utf8.count < 400)
  }

  @Test(
    "rejects invalid envelopes with a reason, echoing the id when it can be read",
    arguments: [
      (#"{"foo":"boo"}"#, RequestID.null, "invalid-jsonrpc"),
      (#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, .null, "invalid-method"),
      (#"{"jsonrpc":"1.0","method":"m","id":5}"#, .number("5"), "invalid-jsonrpc"),
      (#"{"jsonrpc":"2.0","method":"m","id":{}}"#, .null, "invalid-id"),
      (#"{"jsonrpc":"2.0","method":"m","id":"a","params":3}"#, .string("a"), "invalid-params"),
      (#"{"jsonrpc":"2.0","method":"m","id":"a","param":{}}"#, .string("a"), "unknown-member"),
      (#"{"jsonrpc":"2.0","id":"a","result":1}"#, .string("a"), "invalid-method"),
      (#"{"jsonrpc":"2.0","method":"m","id":1,"id":2}"#, .null, "duplicate-member"),
      (#"{"jsonrpc":"2.0","method":"m","method":"n","id":1}"#, .number("1"), "duplicate-member"),
      ("1", .null, "not-an-object"),
    ])
  func invalid(text: String, id: RequestID, reason: String) throws {
    guard case .invalid(let gotID, let error) = try classify(text) else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(gotID == id)
    #expect(error.code == -32600)
    #expect(error.data?["reason"] == .string(reason))
  }
}
