import JSON
import JSONRPC

/// Routes `tools.call {"name": N, "arguments": A}` to method N of `target` with params A, and
/// schedules it as N is scheduled: the shape of an MCP `tools/call`.
struct ForwardingRouter: Router {
  let target: MethodRouter

  func route(name: String, params: JSONValue?) -> Route? {
    guard name == "tools.call", case .string(let tool)? = params?["name"],
      let forwarded = target.route(name: tool, params: params?["arguments"])
    else { return nil }
    return Route(scheduling: forwarded.scheduling, isLongRunning: forwarded.isLongRunning) {
      params, context in
      try await forwarded.invoke(params?["arguments"], context)
    }
  }

  func suggestion(for name: String) -> String? {
    name.hasPrefix("tools.") ? "tools.call" : nil
  }
}
