import FanAPI
import Foundation
import Testing

@Suite("The helper's lines: the JSON library and Codable read and write the same")
struct HelperLineTests {
  static let requests = [
    HelperRequest(
      id: 7,
      exchange: HTTPExchange(
        url: #"http://127.0.0.1:8080/ok/img/a "b"\é.png?x=1&y=ü"#,
        headers: ["Accept": "image/*", "If-None-Match": #""abc""#, "User-Agent": "bbfan/0.1.0"],
        maxBytes: 8_388_608, timeoutSeconds: 30, followsRedirects: false)),
    HelperRequest(
      id: 123_456_789,
      exchange: HTTPExchange(
        url: "https://example.com/api/characters", headers: [:], maxBytes: 16_777_216,
        timeoutSeconds: 0.25)),
  ]

  static let replies = [
    HelperReplyHeader(
      id: 1,
      answer: HTTPAnswer(
        status: 304, headers: ["ETag": #""b7d7-0""#, "Last-Modified": "Thu, 07 Apr 2022"],
        body: Data())),
    HelperReplyHeader(
      id: 2, answer: HTTPAnswer(status: 200, headers: [:], body: Data([1, 2, 3]))),
    HelperReplyHeader(id: 3, failure: .timedOut(seconds: 1.5)),
    HelperReplyHeader(id: 4, failure: .tooLarge(limit: 1024)),
    HelperReplyHeader(id: 5, failure: .unreachable("Could not resolve host: \"x\"\n")),
    HelperReplyHeader(id: 6, failure: .connectionRefused),
  ]

  @Test("a request line reads back the same, with either coder", arguments: requests)
  func request(_ request: HelperRequest) throws {
    let line = try request.line()
    #expect(line.last == 0x0A)
    #expect(line.dropLast().allSatisfy { $0 != 0x0A }, "a line is one line")
    #expect(try HelperRequest(line: line) == request)
    #expect(try JSONDecoder().decode(HelperRequest.self, from: Data(line)) == request)
    let encoded = try JSONEncoder().encode(request)
    #expect(try HelperRequest(line: encoded) == request)
  }

  @Test("a cancellation line reads as one")
  func cancellation() throws {
    let request = try HelperRequest(line: Array(#"{"id":9,"cancel":true}"#.utf8))
    #expect(request.id == 9 && request.cancel == true && request.exchange == nil)
  }

  @Test("a reply header line reads back the same, with either coder", arguments: replies)
  func reply(_ header: HelperReplyHeader) throws {
    let line = try header.line()
    #expect(line.last == 0x0A)
    #expect(line.dropLast().allSatisfy { $0 != 0x0A }, "a line is one line")
    #expect(try HelperReplyHeader(line: line) == header)
    #expect(try JSONDecoder().decode(HelperReplyHeader.self, from: Data(line)) == header)
    let encoded = try JSONEncoder().encode(header)
    #expect(try HelperReplyHeader(line: encoded) == header)
  }

  @Test(
    "a line that is not the other side's is an error, never a guess",
    arguments: [
      "not json", "[1]", #"{"exchange":{}}"#, #"{"id":"1"}"#, #"{"id":1.5}"#,
      #"{"id":1,"exchange":{"url":"http://a/","headers":{"A":1},"maxBytes":1,"timeoutSeconds":1}}"#,
      #"{"id":1,"exchange":{"url":"http://a/","headers":{},"timeoutSeconds":1}}"#,
    ])
  func refused(_ text: String) {
    #expect(throws: HelperLineError.self) { try HelperRequest(line: Array(text.utf8)) }
  }

  @Test("a timeout that is not a finite number cannot be written")
  func nonFinite() {
    let request = HelperRequest(
      id: 1,
      exchange: HTTPExchange(
        url: "http://a/", headers: [:], maxBytes: 1, timeoutSeconds: .infinity))
    #expect(throws: HelperLineError.self) { try request.line() }
  }
}
