import Testing

@testable import JSONRPC
@testable import JSONRPCStdio

@Suite("MessageFramer")
struct MessageFramerTests {
  private func events(_ chunks: [String], limits: MessageLimits = MessageLimits(), end: Bool = true)
    -> [MessageFramer.Event]
  {
    var framer = MessageFramer(limits: limits)
    var events: [MessageFramer.Event] = []
    for chunk in chunks {
      framer.append(Array(chunk.utf8))
      while let event = framer.next() { events.append(event) }
    }
    if end, let last = framer.finish() { events.append(last) }
    return events
  }

  private func message(_ text: String, _ framing: Framing = .newlineDelimited)
    -> MessageFramer.Event
  {
    .message(Array(text.utf8), framing)
  }

  @Test("splits lines, tolerating CRLF, blank lines and a BOM")
  func lines() {
    let got = events(["\u{FEFF}{\"a\":1}\r\n\n  \n{\"b\"", ":2}\n[3]"])
    #expect(got == [message("{\"a\":1}"), message("{\"b\":2}"), message("[3]")])
  }

  @Test("reads Content-Length framing, case-insensitively, split across reads")
  func contentLength() {
    let got = events([
      "Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"a\":1",
      "}content-length:3\r\n\r\n[1]{\"c\":3}\n",
    ])
    #expect(
      got == [
        message("{\"a\":1}", .contentLength), message("[1]", .contentLength), message("{\"c\":3}"),
      ])
  }

  @Test("reads a literal such as true as a line, not as a header")
  func literalLine() {
    #expect(events(["true\n"]) == [message("true")])
  }

  @Test("reports an oversized line once and goes on with the next message")
  func oversizedLine() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 10
    let got = events(
      ["[" + String(repeating: "x", count: 7), String(repeating: "y", count: 8), "zz\n[1]\n"],
      limits: limits)
    #expect(got.count == 2)
    if case .oversized(.newlineDelimited, _, atLeast: true) = got[0] {
    } else {
      Issue.record("got \(got[0])")
    }
    #expect(got[1] == message("[1]"))
  }

  @Test("skips an oversized Content-Length body by its announced size")
  func oversizedBody() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 4
    let got = events(
      ["Content-Length: 6\r\n\r\n[1234]", "Content-Length: 3\r\n\r\n[1]"], limits: limits)
    #expect(
      got == [.oversized(.contentLength, size: 6, atLeast: false), message("[1]", .contentLength)])
  }

  @Test(
    "rejects unusable headers",
    arguments: [
      "Content-Length: abc\r\n\r\n", "Content-Type: x\r\n\r\n", "Content-Length: -1\r\n\r\n",
    ])
  func badHeaders(text: String) {
    let got = events([text])
    guard case .badHeaders = got.first else {
      Issue.record("got \(got)")
      return
    }
  }

  @Test("reports a body cut short by the end of input")
  func truncated() {
    let got = events(["Content-Length: 10\r\n\r\n[1]"])
    guard case .truncated(.contentLength, _) = got.first else {
      Issue.record("got \(got)")
      return
    }
  }
}
