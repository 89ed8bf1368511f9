import JSON
import JSONRPC

/// What a request's `params._meta` says: its protocol version (2026-07-28 and later), the log
/// level it asks for, and its progress token.
package struct MCPMeta: Sendable {
  /// The `_meta` key naming the request's protocol revision.
  package static let protocolVersionKey = "io.modelcontextprotocol/protocolVersion"
  /// The `_meta` key asking for log messages at a level and above (2026-07-28).
  package static let logLevelKey = "io.modelcontextprotocol/logLevel"
  /// The `_meta` key of a request's client capabilities, required in 2026-07-28.
  package static let clientCapabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
  /// The `_meta` key of a result naming the server (2026-07-28).
  package static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

  /// The revision the request was sent at; nil for a request of the handshake era.
  package var protocolVersion: String?
  /// The lowest level of `notifications/message` the request asked for; nil for none.
  package var logLevel: MCPLogLevel?
  /// The token that `notifications/progress` for this request carry; nil for none.
  package var progressToken: JSONValue?

  /// Reads `params._meta`; a version or level of the wrong kind, or a revision not served, is
  /// the error the specification names (-32022 with the supported revisions, or -32602).
  package init(params: JSONValue?) throws(JSONRPCError) {
    guard case .object(let meta)? = params?["_meta"] else { return }
    switch meta[Self.protocolVersionKey] {
    case nil: break
    case .string(let version)?:
      guard MCPVersion.all.contains(version) else {
        throw MCPErrors.unsupportedVersion(version)
      }
      protocolVersion = version
      if MCPVersion.modern.contains(version) {
        guard case .object? = meta[Self.clientCapabilitiesKey] else {
          throw .invalidParams(
            field: "_meta.\(Self.clientCapabilitiesKey)",
            problem: "is required in \(version): an object of the client's capabilities")
        }
      }
    case let other?:
      throw .invalidParams(
        field: "_meta.\(Self.protocolVersionKey)",
        problem: "must be a string naming a protocol revision, not \(other.kindDescription)")
    }
    if let level = meta[Self.logLevelKey] {
      guard case .string(let name) = level, let parsed = MCPLogLevel(rawValue: name) else {
        throw .invalidParams(
          field: "_meta.\(Self.logLevelKey)",
          problem: "must be one of \(MCPLogLevel.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      logLevel = parsed
    }
    switch meta["progressToken"] {
    case nil: break
    case let token? where token.isProgressToken: progressToken = token
    case let other?:
      throw .invalidParams(
        field: "_meta.progressToken",
        problem: "must be a string or a number, not \(other.kindDescription)")
    }
  }

  /// Whether the request belongs to the era without a handshake (it names its revision).
  package var isModern: Bool { protocolVersion.map(MCPVersion.modern.contains) ?? false }
}

extension JSONValue {
  fileprivate var isProgressToken: Bool {
    switch self {
    case .string, .number: true
    default: false
    }
  }
}
