import Foundation
import JSON
import Testing

/// Errors that echo input quote it briefly (`BriefQuote`): a 100 KB or 1 MB input never makes
/// an error reply of more than a few kilobytes, in `bbfan` and in `bbfan mcp`; and
/// `"params": null` means no params.
@Suite("Brief errors and null params over pipes", .timeLimit(.minutes(5)))
struct BriefErrorsEndToEndTests {
  /// 100,000 characters whose first 64 are not a run of one letter.
  static let long = String(repeating: "abcdefghij", count: 10_000)
  /// 200 characters: over the quote's 64, under a username's bound (256), so the method's own
  /// error answers and quotes it.
  static let username = String(repeating: "uvwxyz0123", count: 20)
  /// 1,000,000 characters.
  static let megabyte = String(repeating: "klmnopqrst", count: 100_000)
  /// 100,000 two-byte characters: the cut counts Unicode scalars, not bytes.
  static let accented = String(repeating: "é", count: 100_000)
  /// The most bytes an error reply may take.
  static let replyLimit = 4096

  let quiet = ["--log-level", "off", "--password-cost", "1000"]

  /// What one request sends, what its error must be, and how it quotes the input.
  struct Case: CustomTestStringConvertible, Sendable {
    /// What the case checks, for the test's name.
    var label: String
    /// The request, without `jsonrpc` and `id`.
    var request: JSONObject
    /// The long input in it.
    var input: String
    /// The error's code.
    var code: Int
    /// A `data` member that carries the input itself, cut as `BriefQuote.bare` says.
    var dataMember: String?
    /// How the message shows the input: quoted (`"…" (N characters)`), bare, or not at all (an
    /// error that names only its kind, such as "an array").
    var shown = Shown.quoted

    var testDescription: String { label }
  }

  /// How an error's message shows the input.
  enum Shown: Sendable {
    case quoted, bare, none
  }

  static func call(_ method: String, _ params: KeyValuePairs<String, JSONValue>) -> JSONObject {
    JSONObject(["method": .string(method), "params": .object(JSONObject(params))])
  }

  static let serviceCases: [Case] = [
    Case(
      label: "a method name (-32601, data.method)",
      request: JSONObject(["method": .string(long)]), input: long, code: -32601,
      dataMember: "method"),
    Case(
      label: "a 1 MB method name", request: JSONObject(["method": .string(megabyte)]),
      input: megabyte, code: -32601, dataMember: "method"),
    Case(
      label: "a method name of two-byte characters",
      request: JSONObject(["method": .string(accented)]), input: accented, code: -32601,
      dataMember: "method"),
    Case(
      label: "an unknown member of the request (-32600)",
      request: JSONObject(["method": .string("service.info"), long: .integer(1)]), input: long,
      code: -32600),
    Case(
      label: "an unknown field of params (data.field)",
      request: call("episodes.list", [long: .integer(1)]), input: long, code: -32602,
      dataMember: "field", shown: .bare),
    Case(
      label: "a series", request: call("episodes.list", ["series": .string(long)]), input: long,
      code: -32602),
    Case(
      label: "a universe", request: call("episodes.list", ["universe": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "a status", request: call("characters.filter", ["status": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "a groupBy", request: call("characters.list", ["groupBy": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "an export format",
      request: call("characters.export", ["id": .integer(1), "format": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "a review grade",
      request: call("quizzes.review", ["id": .integer(1), "grade": .string(long)]), input: long,
      code: -32602),
    Case(
      label: "a date", request: call("episodes.filter", ["airedFrom": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "a number that is no integer",
      request: call(
        "episodes.filter", ["season": .number("1." + String(repeating: "5", count: 100_000))]),
      input: "1." + String(repeating: "5", count: 100_000), code: -32602, shown: .bare),
    Case(
      label: "an integer out of range",
      request: call("episodes.filter", ["season": .number(String(repeating: "7", count: 100_000))]),
      input: String(repeating: "7", count: 100_000), code: -32602, shown: .bare),
    Case(
      label: "a character's name",
      request: call("episodes.filter", ["characters": .array([.string(long)])]), input: long,
      code: -32602),
    Case(
      label: "an author", request: call("quotes.random", ["author": .string(long)]), input: long,
      code: -32602),
    Case(
      label: "an image URL", request: call("images.fetch", ["url": .string(long)]), input: long,
      code: -32602),
    Case(
      label: "a progress token that is no string or number",
      request: call("episodes.list", ["progressToken": .array([.string(long)])]), input: long,
      code: -32602, shown: .none),
    Case(
      label: "a cancellation's id",
      request: call("$/cancelRequest", ["id": .object(JSONObject([long: .string(long)]))]),
      input: long, code: -32602, shown: .none),
    Case(
      label: "a login's username under its bound (-32002, data.username)",
      request: call("auth.login", ["username": .string(username), "password": .string("x")]),
      input: username, code: -32002, dataMember: "username"),
    Case(
      label: "a 1 MB login username, over its bound (-32602)",
      request: call("auth.login", ["username": .string(megabyte), "password": .string("x")]),
      input: megabyte, code: -32602),
    Case(
      label: "a switch's username under its bound (-32004, data.username)",
      request: call("auth.switch", ["username": .string(username)]), input: username,
      code: -32004, dataMember: "username"),
  ]

  @Test("bbfan: an error quotes a long input briefly", arguments: serviceCases)
  func service(_ sample: Case) throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      quiet + ["--data-dir", directory], lines: [Self.line(sample.request, id: 1)])
    try Self.check(outcome, sample)
  }

  static let mcpCases: [Case] = [
    Case(
      label: "a method name", request: JSONObject(["method": .string(long)]), input: long,
      code: -32601, dataMember: "method"),
    Case(
      label: "a tool's name", request: call("tools/call", ["name": .string(megabyte)]),
      input: megabyte, code: -32602),
    Case(
      label: "a resource URI (data.uri)",
      request: call("resources/read", ["uri": .string("bbfan://" + long)]),
      input: "bbfan://" + long, code: -32002, dataMember: "uri", shown: .bare),
    Case(
      label: "a prompt's name", request: call("prompts/get", ["name": .string(long)]),
      input: long, code: -32602),
    Case(
      label: "a prompt argument's value",
      request: call(
        "prompts/get",
        [
          "name": .string("episode_recap"),
          "arguments": .object(JSONObject(["episode": .string(long)])),
        ]),
      input: long, code: -32602),
    Case(
      label: "a prompt argument's name",
      request: call(
        "prompts/get",
        ["name": .string("episode_recap"), "arguments": .object(JSONObject([long: .string("1")]))]),
      input: "arguments." + long, code: -32602, dataMember: "field", shown: .bare),
    Case(
      label: "a protocol revision (-32022, data.requested)",
      request: call(
        "tools/list",
        ["_meta": .object(JSONObject(["io.modelcontextprotocol/protocolVersion": .string(long)]))]),
      input: long, code: -32022, dataMember: "requested"),
  ]

  @Test("bbfan mcp: an error quotes a long input briefly", arguments: mcpCases)
  func mcp(_ sample: Case) throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      ["mcp"] + quiet + ["--data-dir", directory], lines: [Self.line(sample.request, id: 1)])
    try Self.check(outcome, sample)
  }

  @Test("a Content-Length value of 5,000 digits is quoted briefly in the parse error")
  func header() throws {
    // A header block may take up to 8 KiB.
    let digits = String(repeating: "1234567890", count: 500)
    let outcome = try ServiceProcess.run(
      quiet, input: Array("Content-Length: \(digits)\r\n\r\n{}".utf8))
    // The reply is framed as the message was, by a Content-Length header.
    #expect(outcome.stdout.count < Self.replyLimit)
    let text = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(text.contains("-32700"), "\(text)")
    #expect(text.contains(BriefQuote.quoted(digits).replacing("\"", with: "\\\"")), "\(text)")
    #expect(!text.contains(digits.prefix(65)))
  }

  @Test("short inputs are quoted whole, as before")
  func short() throws {
    let outcome = try ServiceProcess.run(
      quiet,
      lines: [
        #"{"jsonrpc":"2.0","id":1,"method":"episodes.lst"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"episodes.list","params":{"series":"the-wire"}}"#,
      ])
    let replies = try outcome.repliesByID()
    #expect(
      replies[1]?["error"]?["message"]
        == .string(
          #"Method not found: there is no method "episodes.lst". Did you mean "episodes.list"? "#
            + "Call rpc.discover for the list of methods."))
    #expect(replies[1]?["error"]?["data"]?["method"] == .string("episodes.lst"))
    #expect(
      replies[2]?["error"]?["data"]?["problem"]?.stringValue?.hasSuffix(#"not "the-wire""#)
        == true)
  }

  @Test("\"params\": null is no params, for requests and notifications; \"params\": 5 is not")
  func nullParams() throws {
    func request(_ id: Int, _ method: String, _ params: String?) -> String {
      #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)""#
        + (params.map { #","params":\#($0)"# } ?? "") + "}"
    }
    let outcome = try ServiceProcess.run(
      quiet + ["--seed", "1"],
      lines: [
        request(1, "service.info", "null"), request(2, "service.info", nil),
        request(3, "episodes.list", "null"), request(4, "episodes.list", nil),
        #"{"jsonrpc":"2.0","method":"service.info","params":null}"#,
        request(5, "service.info", "5"),
      ])
    let replies = try outcome.repliesByID()
    #expect(outcome.lines.count == 5, "a notification is never answered")
    #expect(replies[1]?["result"] != nil && replies[1]?["result"] == replies[2]?["result"])
    #expect(replies[3]?["result"] != nil && replies[3]?["result"] == replies[4]?["result"])
    #expect(replies[5]?["error"]?["code"] == .integer(-32600))
    #expect(replies[5]?["error"]?["data"]?["reason"] == .string("invalid-params"))
  }

  @Test("bbfan mcp: \"params\": null is no params")
  func mcpNullParams() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      ["mcp"] + quiet + ["--data-dir", directory],
      lines: [
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":null}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":null}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
      ])
    let replies = try outcome.repliesByID()
    #expect(replies[1]?["result"] == .object(JSONObject()))
    #expect(replies[2]?["result"]?["tools"]?.arrayValue?.isEmpty == false)
    #expect(replies[2]?["result"] == replies[3]?["result"])
  }

  /// The request as one line, with `jsonrpc` and `id`.
  static func line(_ request: JSONObject, id: Int) -> String {
    var message = JSONObject(["jsonrpc": .string("2.0"), "id": .integer(id)])
    message.members.append(contentsOf: request.members)
    return JSONValue.object(message).serializedText
  }

  /// The reply is small, is the case's error, and shows the input as `BriefQuote` says (unless
  /// a schema bound refused it first, which quotes nothing of it).
  static func check(_ outcome: ServiceProcess.Outcome, _ sample: Case) throws {
    let line = try #require(outcome.lines.first, "\(outcome.stderr.prefix(500))")
    #expect(line.utf8.count < replyLimit, "\(line.prefix(300))")
    #expect(!line.contains(String(sample.input.unicodeScalars.prefix(65))))
    let error = try #require(try JSONParser.parse(line)["error"])
    #expect(error["code"] == .integer(sample.code), "\(line.prefix(300))")
    guard error["data"]?["maxLength"] == nil else { return }
    let message = error["message"]?.stringValue ?? ""
    switch sample.shown {
    case .quoted:
      #expect(message.contains(BriefQuote.quoted(sample.input)), "\(message.prefix(300))")
    case .bare:
      #expect(message.contains(BriefQuote.bare(sample.input)), "\(message.prefix(300))")
    case .none:
      break
    }
    if let member = sample.dataMember {
      #expect(error["data"]?[member] == .string(BriefQuote.bare(sample.input)))
    }
  }
}
