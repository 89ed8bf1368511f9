import JSON
import JSONRPC

/// The service as a Model Context Protocol server: the same methods, as tools, resources and
/// prompts, for AI assistants that spawn it over stdio (`bbfan mcp`).
///
/// It serves both eras of MCP: the revisions that begin with `initialize` (2024-11-05 to
/// 2025-11-25) and 2026-07-28, where `server/discover` replaces the handshake and every request
/// names its revision in `_meta`. It remembers only the log level `logging/setLevel` asked for;
/// the tools run the service's own handlers, so a tool and its method cannot answer differently.
package struct MCPServer: Sendable {
  /// The service whose methods it serves.
  let service: any MethodRegistry
  /// The service's own methods, which tools, resources and prompts run.
  let native: MethodRouter
  /// The tools, made from the schema registry.
  package let tools: MCPToolCatalog
  /// The universes served, by wire name, the default first (from the service's one list).
  let universes: [String]
  /// The prompts, for those universes.
  let prompts: [MCPPrompt]
  /// `serverInfo`: who answers (the service's name and version).
  let serverInfo: JSONValue
  /// What the connection remembers between requests.
  let session = MCPSession()

  /// What `initialize` and `server/discover` tell a model the server is for, naming the
  /// universes served.
  let instructions: String

  /// The instructions of a server whose universes are `universes` (as
  /// `MethodRegistry.universePhrase` names them), `count` of them.
  package static func instructions(universes: String, count: Int) -> String {
    let number = [1: "one", 2: "two", 3: "three", 4: "four", 5: "five"][count] ?? String(count)
    let plural = count == 1 ? "universe's catalog" : "universes' catalogs"
    return "bbfan serves \(number) TV \(plural): \(universes). " + instructionsRest
  }

  private static let instructionsRest = """
    Catalog tools take an optional universe. Episodes, \
    characters and locations are also resources (bbfan://UNIVERSE/episodes/ID, \
    .../characters/ID, .../locations/ID; a character's card is .../characters/ID/card.pdf). \
    Per-user tools (favourites, quizzes with spaced-repetition reviews, profile) act for the \
    account signed in on this machine; bbfan never takes a password through MCP.
    """

  /// Serves `service` over MCP.
  package init(service: some MethodRegistry) {
    self.service = service
    native = service.makeRouter()
    tools = MCPToolCatalog(schemas: service.schemas)
    universes = service.universeNames
    instructions = Self.instructions(universes: service.universePhrase, count: universes.count)
    prompts = MCPPrompt.all(universes: universes)
    serverInfo = Self.serverInfo(name: service.serverName, version: service.serverVersion)
  }

  /// A connection serving MCP's methods (over stdio with `serve()`).
  package func makeConnection() -> JSONRPCConnection {
    // MCP: the receiver of a cancellation "SHOULD NOT send a response for the cancelled request".
    service.makeConnection(
      router: makeRouter(), answersCancelled: false,
      rewritingPushes: { [session, universes] pushed in
        session.subscriptions.notifications(for: pushed, universes: universes)
      })
  }

  /// The router of every MCP method, which schedules `tools/call` as the tool it names.
  package func makeRouter() -> some Router {
    var methods = MethodRouter()
    registerLifecycleMethods(into: &methods)
    registerToolMethods(into: &methods)
    registerResourceMethods(into: &methods)
    registerPromptMethods(into: &methods)
    registerSubscriptionMethods(into: &methods)
    return MCPRouter(methods: methods, server: self)
  }

  /// `serverInfo`: who answers.
  static func serverInfo(name: String, version: String) -> JSONValue {
    .object(
      JSONObject([
        "name": .string(name), "title": .string("bbfan, the fan apps' back end"),
        "version": .string(version),
      ]))
  }

  /// The notification that the resources changed: sent after the reply of the request during
  /// which this server began serving a catalog refreshed since (`listChanged`).
  static let resourcesListChanged = "notifications/resources/list_changed"

  /// What the server can do, as `initialize` and `server/discover` say it.
  static let capabilities: JSONValue = {
    .object(
      JSONObject([
        "tools": .object(JSONObject(["listChanged": .bool(false)])),
        "resources": .object(
          JSONObject(["subscribe": .bool(true), "listChanged": .bool(true)])),
        "prompts": .object(JSONObject(["listChanged": .bool(false)])),
        "logging": .object(JSONObject()),
      ]))
  }()
}
