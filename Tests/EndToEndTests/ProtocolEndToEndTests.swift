import Foundation
import JSON
import Testing

/// The built binary over pipes: framing, limits, pipelining, end of input and signals.
@Suite("bbfan serve over pipes", .timeLimit(.minutes(5)))
struct ProtocolEndToEndTests {
  let quiet = ["--log-level", "off", "--data-dir", "/home/walt/.local/share/bbfan"]
  let info = #"{"jsonrpc":"2.0","method":"service.info","id":1}"#

  private func replies(_ outcome: ServiceProcess.Outcome) throws -> [JSONValue] {
    try outcome.lines.map { try JSONParser.parse($0) }
  }

  @Test(
    "answers each message in its own framing, mixed in one stream, with BOM, CRLF and blank lines")
  func framing() throws {
    func request(_ id: Int) -> String { #"{"jsonrpc":"2.0","method":"service.info","id":\#(id)}"# }
    let framed = "Content-Length: \(request(2).utf8.count)\r\n\r\n\(request(2))"
    let input = "\u{FEFF}\(request(1))\r\n\r\n\n\(framed)\(request(3))"
    let outcome = try ServiceProcess.run(quiet, input: Array(input.utf8))
    #expect(outcome.status == 0)
    // Replies may come in any order; the framed one must be framed the same way.
    var text = String(decoding: outcome.stdout, as: UTF8.self)
    let sample = try #require(outcome.lines.first { !$0.hasPrefix("Content-Length") })
    let idText = try #require(sample.firstMatch(of: #/"id":[0-9]/#)).output
    func reply(_ id: Int) -> String {
      sample.replacingOccurrences(of: idText, with: #""id":\#(id)"#)
    }
    let framedReply = "Content-Length: \(reply(2).utf8.count)\r\n\r\n\(reply(2))"
    #expect(text.contains(framedReply))
    text = text.replacingOccurrences(of: framedReply, with: "")
    #expect(Set(text.split(separator: "\n").map(String.init)) == [reply(1), reply(3)])
  }

  @Test("skips an oversized message with a clear error and goes on")
  func oversized() throws {
    let big =
      #"{"jsonrpc":"2.0","method":"service.info","id":"big","params":{"x":""#
      + String(repeating: "a", count: 5000) + #""}}"#
    let batch = "[" + big + "]"
    let outcome = try ServiceProcess.run(
      quiet + ["--max-message-bytes", "1000"], lines: [big, batch, info])
    let replies = try replies(outcome)
    #expect(replies.count == 3)
    // The request's own id, read as its bytes were skipped; null where none can be read.
    #expect(replies[0]["id"] == .string("big"))
    #expect(replies[0]["error"]?["code"] == .number("-32600"))
    #expect(replies[0]["error"]?["data"]?["reason"] == .string("too-large"))
    #expect(replies[0]["error"]?["data"]?["limit"] == .number("1000"))
    #expect(replies[1]["id"] == .null)
    #expect(replies[1]["error"]?["data"]?["reason"] == .string("too-large"))
    #expect(replies[2]["id"] == .number("1"))
    #expect(outcome.status == 0)
  }

  @Test("takes a request carrying an 8 MiB photo as base64 under the default limit")
  func defaultLimitTakesAPhoto() throws {
    let base64 = String(repeating: "A", count: (8 * 1024 * 1024 + 2) / 3 * 4)
    let request =
      #"{"jsonrpc":"2.0","method":"service.info","id":"photo","params":{"photo":{"data":""#
      + base64 + #""}}}"#
    let outcome = try ServiceProcess.run(quiet, lines: [request, info])
    let replies = try replies(outcome)
    // Under the limit, the request is read and checked: service.info takes no params.
    #expect(replies.count == 2)
    #expect(replies[0]["id"] == .string("photo"))
    #expect(replies[0]["error"]?["data"]?["reason"] != .string("too-large"))
    #expect(replies[1]["result"]?["protocol"]?["limits"]?["maxMessageBytes"] == .number("16777216"))
  }

  @Test("refuses deep nesting without crashing")
  func deepNesting() throws {
    let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    let outcome = try ServiceProcess.run(quiet, lines: [deep, info])
    let replies = try replies(outcome)
    #expect(replies.count == 2)
    #expect(replies[0]["error"]?["data"]?["reason"] == .string("too-deep"))
    #expect(outcome.status == 0)
  }

  @Test("refuses invalid UTF-8 with a parse error")
  func invalidUTF8() throws {
    var input = Array(#"{"jsonrpc":"2.0","method":"service.info","id":"\#u{FFFD}"}"#.utf8)
    input.replaceSubrange(input.count - 5..<input.count - 2, with: [0xC3, 0x28, 0x28])
    input.append(0x0A)
    let outcome = try ServiceProcess.run(quiet, input: input)
    let replies = try replies(outcome)
    #expect(replies.first?["error"]?["code"] == .number("-32700"))
  }

  @Test("answers 100,000 pipelined requests written before any reply is read, then exits 0")
  func pipelined() throws {
    let count = 100_000
    var input: [UInt8] = []
    input.reserveCapacity(count * 60)
    for id in 0..<count {
      input.append(contentsOf: #"{"jsonrpc":"2.0","method":"service.info","id":\#(id)}"#.utf8)
      input.append(0x0A)
    }
    let outcome = try ServiceProcess.run(quiet, input: input)
    #expect(outcome.status == 0)
    let lines = outcome.lines
    #expect(lines.count == count)
    var seen = Set<Int>()
    for line in lines {
      guard let range = line.range(of: #""id":"#),
        let end = line[range.upperBound...].firstIndex(of: ",")
      else { continue }
      if let id = Int(line[range.upperBound..<end]) { seen.insert(id) }
    }
    #expect(seen.count == count)
  }

  @Test("answers a last message that has no newline, then exits 0 at end of input")
  func endOfInput() throws {
    let outcome = try ServiceProcess.run(quiet, input: Array(info.utf8))
    #expect(outcome.lines.count == 1)
    #expect(outcome.status == 0)
    #expect(outcome.reason == .exit)
  }

  @Test(
    "exits 0 promptly on SIGTERM or SIGINT while input is still open, after flushing replies",
    arguments: [SIGTERM, SIGINT])
  func terminationSignal(number: Int32) throws {
    let service = try InteractiveService(quiet)
    try service.send(info + "\n")
    #expect(service.readLine()?.contains(#""id":1"#) == true)
    kill(service.pid, number)
    #expect(service.waitForExit(timeout: 10) == 0)
    #expect(service.readToEnd() == "")
  }

  @Test("keeps stdout to protocol messages even at --log-level debug")
  func stdoutIsProtocolOnly() throws {
    let outcome = try ServiceProcess.run(
      ["--log-level", "debug"], lines: [info, "not json", #"{"jsonrpc":"2.0","method":"nope"}"#])
    let replies = try replies(outcome)
    #expect(replies.count == 2)
    #expect(replies.allSatisfy { $0["jsonrpc"] == .string("2.0") })
    #expect(outcome.stderr.contains("bbfan: debug:"))
  }
}
