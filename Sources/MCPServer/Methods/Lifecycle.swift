import JSON
import JSONRPC

/// `initialize`: the handshake of the revisions up to 2025-11-25; settles the revision.
package enum MCPInitialize: RPCMethod {
  /// The wire name.
  package static let name = "initialize"
  /// `protocolVersion`, `capabilities`, `clientInfo`, as the client sends them.
  package typealias Params = JSONValue
  /// `protocolVersion`, `capabilities`, `serverInfo`, `instructions`.
  package typealias Result = JSONValue
}

/// `notifications/initialized`: the client is ready (the handshake's last step).
package enum MCPInitialized: RPCMethod {
  /// The wire name.
  package static let name = "notifications/initialized"
  /// Nothing that matters.
  package typealias Params = JSONValue
  /// A notification has none.
  package typealias Result = JSONValue
}

/// `ping`: is the server there (up to 2025-11-25; removed in 2026-07-28).
package enum MCPPing: RPCMethod {
  /// The wire name.
  package static let name = "ping"
  /// Nothing that matters.
  package typealias Params = JSONValue
  /// An empty object.
  package typealias Result = JSONValue
}

/// `logging/setLevel`: send log messages at this level and above (up to 2025-11-25).
package enum MCPSetLevel: RPCMethod {
  /// The wire name.
  package static let name = "logging/setLevel"
  /// `level`.
  package typealias Params = JSONValue
  /// An empty object.
  package typealias Result = JSONValue
}

/// `server/discover`: the revisions, capabilities and identity of the server (2026-07-28).
package enum MCPDiscover: RPCMethod {
  /// The wire name.
  package static let name = "server/discover"
  /// Only `_meta`.
  package typealias Params = JSONValue
  /// `supportedVersions`, `capabilities`, `instructions`.
  package typealias Result = JSONValue
}

extension MCPServer {
  func registerLifecycleMethods(into router: inout MethodRouter) {
    router.register(MCPInitialize.self) { params, _ in
      // The handshake belongs to the revisions before 2026-07-28, whatever `_meta` says: the
      // revision is negotiated from `protocolVersion`, and the answer is of that era.
      guard case .string(let requested)? = params["protocolVersion"] else {
        throw JSONRPCError.invalidParams(
          field: "protocolVersion", problem: "is required: the revision the client speaks")
      }
      return .object(
        JSONObject([
          "protocolVersion": .string(MCPVersion.negotiated(requested)),
          "capabilities": Self.capabilities, "serverInfo": serverInfo,
          "instructions": .string(instructions),
        ]))
    }
    router.register(MCPInitialized.self) { _, _ in .object(JSONObject()) }
    router.register(MCPPing.self) { params, _ in
      let meta = try MCPMeta(params: params)
      if meta.isModern { throw JSONRPCError.methodNotFound(MCPPing.name, listedBy: nil) }
      return .object(JSONObject())
    }
    router.register(MCPSetLevel.self) { params, _ in
      let meta = try MCPMeta(params: params)
      // 2026-07-28 asks for a level per request, in _meta.
      if meta.isModern { throw JSONRPCError.methodNotFound(MCPSetLevel.name, listedBy: nil) }
      guard case .string(let name)? = params["level"], let level = MCPLogLevel(rawValue: name)
      else {
        throw JSONRPCError.invalidParams(
          field: "level",
          problem: "must be one of \(MCPLogLevel.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      session.logLevel = level
      return .object(JSONObject())
    }
    router.register(MCPDiscover.self) { params, _ in
      let meta = try MCPMeta(params: params)
      var modern = meta
      if modern.protocolVersion == nil {
        modern.protocolVersion = MCPVersion.modern[MCPVersion.modern.count - 1]
      }
      return finish(
        JSONObject([
          "supportedVersions": .array(MCPVersion.all.map(JSONValue.string)),
          "capabilities": Self.capabilities,
          "instructions": .string(instructions),
        ]), meta: modern, caching: .fixed)
    }
  }
}
