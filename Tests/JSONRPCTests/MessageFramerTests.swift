import Testing

@testable import JSONRPC

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
    if case .oversized(.newlineDelimited, _, atLeast: true, id: .null) = got[0] {
    } else {
      Issue.record("got \(got[0])")
    }
    #expect(got[1] == message("[1]"))
  }

  @Test(
    "reads the id of an oversized line as it skips it, wherever the id stands",
    arguments: [
      (#"{"jsonrpc":"2.0","id":7,"method":"m","params":{"x":"PAD"}}"#, RequestID.number("7")),
      (#"{"method":"m","params":{"x":["PAD",{"id":1}]},"id":"late"}"#, .string("late")),
      (#"{ "params" : "PAD\"}\\" , "\u0069d" : -1.5e3 }"#, .number("-1.5e3")),
      (#"{"params":"PAD","id":null}"#, .null),
      (#"{"params":"PAD","id":7,"id":8}"#, .null),
      (#"{"params":"PAD","id":[7]}"#, .null),
      (#"{"params":"PAD","id":true}"#, .null),
      (#"[{"id":1,"params":"PAD"}]"#, .null),
      (#"{"params":"PAD"}"#, .null),
      (#"{"id":3 "params":"PAD"}"#, .null),
    ])
  func oversizedLineID(template: String, expected: RequestID) {
    var limits = MessageLimits()
    limits.maxMessageBytes = 64
    let line = template.split(separator: "PAD", omittingEmptySubsequences: false)
      .joined(separator: String(repeating: "p", count: 100))
    // Split into small reads, so that the scanner meets the id across reads.
    let chunks = stride(from: 0, to: line.utf8.count, by: 9).map {
      String(decoding: Array(line.utf8)[$0..<min($0 + 9, line.utf8.count)], as: UTF8.self)
    }
    let got = events(chunks + ["\n[1]\n"], limits: limits)
    #expect(got.count == 2)
    if case .oversized(.newlineDelimited, _, _, let id) = got.first {
      #expect(id == expected)
    } else {
      Issue.record("got \(got)")
    }
    #expect(got.last == message("[1]"))
  }

  @Test("reports an oversized line once its object ends, before the line does")
  func oversizedLineEarly() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 10
    var framer = MessageFramer(limits: limits)
    framer.append(Array(#"{"id":"a","params":"xxxxxxxxxxxxxxxx"}"#.utf8))
    #expect(
      framer.next() == .oversized(.newlineDelimited, size: 38, atLeast: true, id: .string("a")))
    framer.append(Array("  trailing\n[2]\n".utf8))
    #expect(framer.next() == message("[2]"))
  }

  @Test("reports a line that ends over the limit with its exact size and id")
  func oversizedWholeLine() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 10
    let line = #"{"id":5,"params":"xxxxxxxxxxxx"}"#
    #expect(
      events([line + "\r\n"], limits: limits) == [
        .oversized(.newlineDelimited, size: line.utf8.count, atLeast: false, id: .number("5"))
      ])
    // An object that never closes is reported when the input ends.
    let open = String(line.dropLast())
    #expect(
      events([open], limits: limits) == [
        .oversized(.newlineDelimited, size: open.utf8.count, atLeast: false, id: .number("5"))
      ])
  }

  @Test("reads the id of an oversized Content-Length body as it skips it")
  func oversizedBodyID() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 10
    let body = #"{"params":"xxxxxxxxxxxx","id":9}"#
    let got = events(
      ["Content-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(5), String(body.dropFirst(5))],
      limits: limits)
    #expect(
      got == [.oversized(.contentLength, size: body.utf8.count, atLeast: false, id: .number("9"))])
  }

  @Test("skips an oversized Content-Length body by its announced size")
  func oversizedBody() {
    var limits = MessageLimits()
    limits.maxMessageBytes = 4
    let got = events(
      ["Content-Length: 6\r\n\r\n[1234]", "Content-Length: 3\r\n\r\n[1]"], limits: limits)
    #expect(
      got == [
        .oversized(.contentLength, size: 6, atLeast: false, id: .null),
        message("[1]", .contentLength),
      ])
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
