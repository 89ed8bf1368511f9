import JSON
import JSONRPC
import MCPServer
import Synchronization
import Testing

/// The MCP face over `FakeRegistry`: its tools are the registry's methods, a call goes through
/// the registry's router, and an error through the registry's mapping; nothing of the fan
/// service is involved.
@Suite("MCP server over a fake registry")
struct FakeRegistryTests {
  let connection = MCPServer(service: FakeRegistry()).makeConnection()

  private func call(_ id: Int, _ method: String, _ params: String) async throws -> JSONValue {
    let request = try JSONParser.parse(
      #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    return try #require(await connection.respond(to: request))
  }

  private func initialize() async throws -> JSONValue {
    try await call(
      1, "initialize",
      #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#
    )
  }

  @Test("it names the registry's server and universes")
  func initializes() async throws {
    let reply = try await initialize()
    #expect(reply["result"]?["serverInfo"]?["name"] == .string("fake"))
    #expect(reply["result"]?["serverInfo"]?["version"] == .string("9.9.9"))
    #expect(reply["result"]?["instructions"]?.stringValue?.contains("pine-hollow") == true)
  }

  @Test("the tools are the registry's methods, with their schemas' params")
  func tools() async throws {
    _ = try await initialize()
    let listed = try await call(2, "tools/list", "{}")
    let tools = listed["result"]?["tools"]?.arrayValue ?? []
    #expect(tools.map { $0["name"]?.stringValue } == ["episodes_get", "favorites_list"])
    let episode = tools.first
    #expect(episode?["inputSchema"]?["properties"]?["id"]?["type"] == .string("integer"))
    #expect(episode?["inputSchema"]?["required"] == .array([.string("id")]))
  }

  @Test("a call goes through the registry's router, and its error through the registry's mapping")
  func calls() async throws {
    _ = try await initialize()
    let found = try await call(
      3, "tools/call", #"{"name":"episodes_get","arguments":{"id":1}}"#)
    #expect(found["result"]?["isError"] != .bool(true), "\(found.serializedText)")
    #expect(found["result"]?["structuredContent"]?["title"] == .string("Pilot"))
    let refused = try await call(
      4, "tools/call", #"{"name":"favorites_list","arguments":{}}"#)
    #expect(refused["result"]?["isError"] == .bool(true), "\(refused.serializedText)")
    // The registry mapped its error to unauthorized; the MCP face turns that into what to ask
    // the user, naming the registry's data directory.
    #expect(refused.serializedText.contains("Unauthorized: nobody is signed in"))
    #expect(refused.serializedText.contains("/nowhere/fake"))
    let unknown = try await call(5, "tools/call", #"{"name":"quizzes_list","arguments":{}}"#)
    #expect(unknown["error"]?["code"] == .integer(-32602), "\(unknown.serializedText)")
    // The server names itself as the registry does.
    #expect(unknown.serializedText.contains("names no tool of fake"))
  }

  @Test(
    "a subscriptions/listen stream answered whole: acknowledged first with what it honours, then ended with its id, the topics followed and let go"
  )
  func listenStream() async throws {
    let registry = FakeRegistry()
    let connection = MCPServer(service: registry).makeConnection()
    let meta =
      #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    let request = try JSONParser.parse(
      #"{"jsonrpc":"2.0","id":"s1","method":"subscriptions/listen","params":{"notifications":{"resourcesListChanged":true,"promptsListChanged":true,"resourceSubscriptions":["bbfan://me/favorites","bbfan://me/quizzes","bbfan://pine-hollow/episodes/2"]},\#(meta)}}"#
    )
    let sent = Sent()
    // One message is the whole input: the stream ends as soon as it is acknowledged.
    let reply = try #require(await connection.respond(to: request, send: { sent.append($0) }))
    let stamp = JSONValue.object(
      JSONObject(["io.modelcontextprotocol/subscriptionId": .string("s1")]))
    #expect(
      sent.all == [
        Response.notification(
          method: "notifications/subscriptions/acknowledged",
          params: .object(
            JSONObject([
              "notifications": .object(
                JSONObject([
                  "resourcesListChanged": .bool(true),
                  // The quizzes are not watched; the registry answers no episode 2.
                  "resourceSubscriptions": .array([.string("bbfan://me/favorites")]),
                ])),
              "_meta": stamp,
            ])))
      ])
    #expect(reply["id"] == .string("s1"))
    #expect(reply["result"]?["resultType"] == .string("complete"))
    #expect(
      reply["result"]?["_meta"]?["io.modelcontextprotocol/subscriptionId"] == .string("s1"),
      "\(reply.serializedText)")
    #expect(registry.followed.all == [[.catalog, .favorites], []])
  }

  @Test("subscriptions/listen is of 2026-07-28, resources/subscribe of the revisions before it")
  func eras() async throws {
    let listen = try await call(
      6, "subscriptions/listen", #"{"notifications":{"resourcesListChanged":true}}"#)
    #expect(listen["error"]?["code"] == .integer(-32601), "\(listen.serializedText)")
    let meta =
      #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    let subscribe = try await call(
      7, "resources/subscribe", #"{"uri":"bbfan://me/favorites",\#(meta)}"#)
    #expect(subscribe["error"]?["code"] == .integer(-32601), "\(subscribe.serializedText)")
    let malformed = try await call(
      8, "subscriptions/listen",
      #"{"notifications":{"resourceSubscriptions":[7]},\#(meta)}"#)
    #expect(malformed["error"]?["code"] == .integer(-32602), "\(malformed.serializedText)")
    // Refused as soon as it names one resource too many, before any is looked up.
    let uris = (1...1001).map { #""bbfan://pine-hollow/episodes/\#($0)""# }.joined(separator: ",")
    let oversized = try await call(
      10, "subscriptions/listen",
      #"{"notifications":{"resourceSubscriptions":[\#(uris)]},\#(meta)}"#)
    #expect(oversized["error"]?["code"] == .integer(-32602), "\(oversized.serializedText)")
    #expect(oversized["error"]?["data"]?["field"] == .string("notifications.resourceSubscriptions"))
    let missing = try await call(9, "subscriptions/listen", #"{\#(meta)}"#)
    #expect(missing["error"]?["data"]?["field"] == .string("notifications"))
  }
}

/// The notifications a one-shot answer sent, in order.
private final class Sent: Sendable {
  private let messages = Mutex<[JSONValue]>([])
  var all: [JSONValue] { messages.withLock { $0 } }
  func append(_ message: JSONValue) { messages.withLock { $0.append(message) } }
}
