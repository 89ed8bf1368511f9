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
    guard let route = routeAllowingNullID(name: name, params: params) else { return nil }
    // MCP: "the ID MUST NOT be null" (JSON-RPC itself allows it, and the native interface takes it).
    let invoke = route.invoke
    return Route(
      scheduling: route.scheduling, isLongRunning: route.isLongRunning,
      isExpensive: route.isExpensive
    ) { params, context in
      if context.id == .null {
        throw JSONRPCError.invalidRequest(
          reason: "null-id", "an MCP request's id must be a string or a number, not null")
      }
      // A refresh another process saved is served from this request on, and the client hears
      // of it as `resources.listChanged` promises: up to 2025-11-25 after the reply, unless the
      // connection follows the catalogs for its subscriptions (then it is pushed, once); in
      // 2026-07-28 only on the `subscriptions/listen` streams that asked.
      if server.service.followsNewerSavedRefresh(), !Self.isModern(params),
        !server.session.subscriptions.followsCatalogs
      {
        context.notifyAfterReply(
          method: MCPServer.resourcesListChanged, params: .object(JSONObject()))
      }
      return try await invoke(params, context)
    }
  }

  /// Whether the request names a revision without a handshake (2026-07-28) in its `_meta`.
  private static func isModern(_ params: JSONValue?) -> Bool {
    guard case .string(let version)? = params?["_meta"]?[MCPMeta.protocolVersionKey] else {
      return false
    }
    return MCPVersion.modern.contains(version)
  }

  /// The route of a call, whatever its id.
  private func routeAllowingNullID(name: String, params: JSONValue?) -> Route? {
    let registered = methods.route(name: name, params: params)
    // A subscription waits its turn as the service's own does: it starts from the favourite
    // counts after the changes requested before it.
    if name == MCPSubscribe.name || name == MCPUnsubscribe.name, let registered,
      let native = server.native.route(
        name: MCPServer.nativeSubscribe, params: .object(JSONObject()))
    {
      return Route(
        scheduling: native.scheduling, isLongRunning: registered.isLongRunning,
        isExpensive: registered.isExpensive, invoke: registered.invoke)
    }
    guard name == MCPCallTool.name, let registered,
      case .string(let toolName)? = params?["name"],
      let tool = server.tools.tool(named: toolName),
      let method = server.native.route(name: tool.method, params: params?["arguments"])
    else { return registered }
    return Route(
      scheduling: method.scheduling, isLongRunning: method.isLongRunning,
      isExpensive: method.isExpensive, invoke: registered.invoke)
  }

  func suggestion(for name: String) -> String? {
    methods.suggestion(for: name)
  }

  /// None: MCP's methods are the protocol's, not listed by one of them.
  var listedBy: String? { nil }
}
