import Foundation
import JSON
import JSONRPC
import TestSupport
import Testing

/// `bbfan mcp` through the official MCP Python SDK, as assistants use it, and on the raw wire.
@Suite("MCP interface", .timeLimit(.minutes(5)))
struct MCPEndToEndTests {
  static let root = BuiltProducts.repository

  private func mcp(_ directory: String) -> [String] {
    ["mcp", "--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  /// `_meta` naming 2026-07-28, with `extra` members.
  private func modern(_ extra: String = "") -> String {
    #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}\#(extra)}"#
  }

  @Test(
    "the Python SDK calls every tool, reads every resource kind, gets every prompt, with progress, a cancellation and error results",
    .enabled(if: Prerequisite.mcp.isAvailable), arguments: ["auto", "classic"])
  func sdk(_ mode: String) throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Subprocess.run([
      "python3", Self.root.appending(path: "Tests/Tools/mcp_check.py").path(),
      BuiltProducts.bbfan.path(), directory, mode,
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("ok "), "\(result.output)")
  }

  @Test(
    "the Python SDK subscribes to resources and hears of hearts and refreshes made by other processes, in both eras",
    .enabled(if: Prerequisite.mcp.isAvailable), arguments: ["classic", "auto"])
  func subscriptions(_ mode: String) throws {
    let result = try Subprocess.run([
      "python3", Self.root.appending(path: "Tests/Tools/mcp_subscriptions_check.py").path(),
      BuiltProducts.bbfan.path(), mode,
    ])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("ok "), "\(result.output)")
  }

  @Test("every request is answered before any handshake, unknown ones too; bad JSON is -32700")
  func answeredBeforeHandshake() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      mcp(directory),
      lines: [
        request(1, "tools/list"), request(2, "sampling/createMessage"), "{not json",
        request(3, "ping"), #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
      ])
    #expect(outcome.status == 0)
    let replies = try outcome.repliesByID()
    #expect(replies[1]?["result"]?["tools"]?.arrayValue?.isEmpty == false)
    #expect(replies[2]?["error"]?["code"] == .integer(-32601))
    #expect(replies[2]?["error"]?["message"]?.stringValue?.contains("rpc.discover") == false)
    #expect(replies[3]?["result"] == .object(JSONObject()))
    let parsed = try outcome.lines.map { try JSONParser.parse($0) }
    #expect(parsed.count == 5, "only MCP messages on stdout: \(outcome.lines)")
    #expect(parsed.contains { $0["id"] == .null && $0["error"]?["code"] == .integer(-32700) })
    #expect(
      parsed.contains {
        $0["id"] == .null && $0["error"]?["data"]?["reason"] == .string("null-id")
      })
  }

  @Test("initialize negotiates a revision; server/discover refuses one it does not speak")
  func versions() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let replies = try ServiceProcess.run(
      mcp(directory),
      lines: [
        request(1, "initialize", #"{"protocolVersion":"2025-06-18","capabilities":{}}"#),
        request(2, "initialize", #"{"protocolVersion":"1999-01-01","capabilities":{}}"#),
        request(
          3, "server/discover",
          #"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01"}}"#),
        request(4, "server/discover", "{\(modern())}"),
        request(5, "ping", "{\(modern())}"),
        request(6, "logging/setLevel", #"{"level":"loud"}"#),
        request(
          7, "tools/list", #"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}"#),
        request(
          8, "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},\#(modern())}"#),
      ]
    ).repliesByID()
    #expect(replies[1]?["result"]?["protocolVersion"] == .string("2025-06-18"))
    #expect(replies[1]?["result"]?["serverInfo"]?["name"] == .string("bbfan"))
    #expect(replies[1]?["result"]?["resultType"] == nil)
    #expect(replies[2]?["result"]?["protocolVersion"] == .string("2025-11-25"))
    #expect(replies[3]?["error"]?["code"] == .integer(-32022))
    #expect(replies[3]?["error"]?["data"]?["requested"] == .string("2099-01-01"))
    #expect(
      replies[3]?["error"]?["data"]?["supported"]?.arrayValue?.contains(.string("2026-07-28"))
        == true)
    let discovered = replies[4]?["result"]
    #expect(discovered?["resultType"] == .string("complete"))
    #expect(
      discovered?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == .string("bbfan"))
    #expect(discovered?["ttlMs"] != nil && discovered?["cacheScope"] == .string("public"))
    #expect(discovered?["instructions"]?.stringValue?.contains("password") == true)
    #expect(replies[5]?["error"]?["code"] == .integer(-32601), "2026-07-28 has no ping")
    #expect(replies[6]?["error"]?["code"] == .integer(-32602))
    #expect(
      replies[7]?["error"]?["data"]?["field"]
        == .string("_meta.io.modelcontextprotocol/clientCapabilities"))
    #expect(replies[8]?["result"]?["protocolVersion"] == .string("2025-11-25"))
    #expect(replies[8]?["result"]?["resultType"] == nil, "a handshake is answered in its era")
  }

  @Test("log messages only for requests that ask; a token is no tool argument")
  func logsAndTokens() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ServiceProcess.run(
      mcp(directory),
      lines: [
        request(1, "tools/call", #"{"name":"episodes_get","arguments":{"id":1},\#(modern())}"#),
        request(
          2, "tools/call",
          #"{"name":"episodes_get","arguments":{"id":2},\#(modern(#","io.modelcontextprotocol/logLevel":"debug""#))}"#
        ),
        request(
          3, "tools/call",
          #"{"name":"favorites_list","arguments":{"token":"\#(String(repeating: "0", count: 64))"}}"#
        ),
      ])
    let messages = try outcome.lines.map { try JSONParser.parse($0) }
      .filter { $0["method"] == .string("notifications/message") }
    #expect(messages.count == 1, "\(outcome.lines)")
    #expect(messages.first?["params"]?["data"] == .string("episodes_get: running episodes.get"))
    let replies = try outcome.repliesByID()
    #expect(replies[1]?["result"]?["isError"] == .bool(false))
    #expect(replies[1]?["result"]?["structuredContent"]?["id"] == .integer(1))
    // A token is a bad argument like any other: a result the model reads, with the sentence.
    #expect(replies[3]?["result"]?["isError"] == .bool(true))
    let sentence = replies[3]?["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    #expect(sentence.hasPrefix("Invalid params: arguments.token is not an argument of a tool"))
  }

  @Test("every list refuses a cursor it never handed out; a too-large message keeps its id")
  func cursorsAndLimits() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let big = String(repeating: "x", count: 3000)
    let outcome = try ServiceProcess.run(
      mcp(directory) + ["--max-message-bytes", "2000"],
      lines: [
        request(1, "tools/list", #"{"cursor":"nope"}"#),
        request(2, "prompts/list", #"{"cursor":"nope"}"#),
        request(3, "resources/list", #"{"cursor":"nope"}"#),
        request(4, "resources/templates/list", #"{"cursor":"nope"}"#),
        request(5, "tools/call", #"{"name":"episodes_get","arguments":{"id":1,"x":"\#(big)"}}"#),
      ])
    let replies = try outcome.repliesByID()
    for id in 1...4 {
      #expect(replies[id]?["error"]?["code"] == .integer(-32602), "\(String(id))")
      #expect(replies[id]?["error"]?["data"]?["field"] == .string("cursor"), "\(String(id))")
    }
    #expect(replies[5]?["error"]?["code"] == .integer(-32600))
    #expect(replies[5]?["error"]?["data"]?["reason"] == .string("too-large"))
  }
}
