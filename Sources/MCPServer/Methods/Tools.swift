import JSON
import JSONRPC

/// `tools/list`: every tool, in a fixed order.
package enum MCPListTools: RPCMethod {
  /// The wire name.
  package static let name = "tools/list"
  /// `cursor` (never needed: one page holds every tool).
  package typealias Params = JSONValue
  /// `tools`.
  package typealias Result = JSONValue
}

/// `tools/call`: runs a tool, that is, the service's method it names.
package enum MCPCallTool: RPCMethod {
  /// The wire name.
  package static let name = "tools/call"
  /// `name`, `arguments`.
  package typealias Params = JSONValue
  /// `content`, `structuredContent`, `isError`.
  package typealias Result = JSONValue
}

extension MCPServer {
  func registerToolMethods(into router: inout MethodRouter) {
    router.register(MCPListTools.self) { params, _ in
      let meta = try MCPMeta(params: params)
      try MCPErrors.refuseCursor(in: params)
      return finish(
        JSONObject(["tools": .array(tools.tools.map(\.definition))]), meta: meta,
        caching: .fixed)
    }
    // `MCPRouter` schedules a call of a known tool as that tool's method; this registration
    // answers the rest (no tool named, an unknown one) at once.
    router.register(MCPCallTool.self) { params, context in
      try await callTool(params, context: context)
    }
  }

  /// Runs the tool `params.name` names with `params.arguments`: its method's result as
  /// `structuredContent` (and as JSON text), or the method's error as a result with `isError`.
  func callTool(_ params: JSONValue, context: RequestContext) async throws -> JSONValue {
    let meta = try MCPMeta(params: params)
    guard case .string(let name)? = params["name"] else {
      throw JSONRPCError.invalidParams(field: "name", problem: "is required: the tool to call")
    }
    guard let tool = tools.tool(named: name) else {
      throw MCPErrors.unknownTool(
        name, suggestion: tools.suggestion(for: name), server: service.serverName)
    }
    var arguments = JSONObject()
    switch params["arguments"] {
    case nil, .null?: break
    case .object(let object)?: arguments = object
    case let other?:
      throw JSONRPCError.invalidParams(
        field: "arguments", problem: "must be an object, not \(other.kindDescription)")
    }
    let outcome: Result<JSONValue, JSONRPCError>
    if arguments["token"] != nil {
      // Refused like any other argument the tool does not take: as a result the model can read
      // and correct (MCP asks input-validation failures to be tool results).
      outcome = .failure(
        .invalidParams(
          field: "arguments.token",
          problem: "is not an argument of a tool: bbfan acts for the account signed in on this "
            + "machine"))
    } else {
      log(.debug, "\(name): running \(tool.method)", meta: meta, context: context)
      outcome = try await callNative(
        tool.method, arguments, context: context, progressToken: meta.progressToken)
    }
    switch outcome {
    case .success(let value):
      return finish(
        JSONObject([
          "content": .array([text(value.serializedText)]),
          "structuredContent": value,
          "isError": .bool(false),
        ]), meta: meta)
    case .failure(let error):
      let sentence = sentence(for: error)
      log(.warning, "\(name): \(sentence)", meta: meta, context: context)
      return finish(
        JSONObject(["content": .array([text(sentence)]), "isError": .bool(true)]), meta: meta)
    }
  }

  /// A text content item.
  func text(_ value: String) -> JSONValue {
    .object(JSONObject(["type": .string("text"), "text": .string(value)]))
  }
}
