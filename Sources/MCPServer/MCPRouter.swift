import JSON
import JSONRPC

/// The MCP methods, with `tools/call` scheduled as the tool it names: a quick read runs at once
/// on the dispatch loop, a favourite's toggle waits its turn behind the user's earlier changes,
/// an export gets a task of its own that a cancellation stops.
struct MCPRouter: Router {
  /// The MCP methods by name.
  let methods: MethodRouter
  /// The server, for `tools/call`.
  let server: MCPServer

  func route(name: String, params: JSONValue?) -> Route? {
    guard name == MCPCallTool.name else { return methods.route(name: name, params: params) }
    let server = self.server
    let invoke: Route.Body = { params, context in
      try await server.callTool(params ?? .object(JSONObject()), context: context)
    }
    guard case .string(let toolName)? = params?["name"],
      let tool = server.tools.tool(named: toolName),
      let method = server.native.method(named: tool.method)
    else {
      // An unknown tool is answered at once, with the error callTool gives it.
      return Route(invoke: invoke)
    }
    return Route(
      scheduling: method.scheduling, isLongRunning: method.isLongRunning, invoke: invoke)
  }

  func suggestion(for name: String) -> String? {
    methods.suggestion(for: name)
  }

  /// None: MCP's methods are the protocol's, not listed by one of them.
  var listedBy: String? { nil }
}
