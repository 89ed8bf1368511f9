/// The severities of `notifications/message`, lowest first (RFC 5424's, as MCP names them).
package enum MCPLogLevel: String, CaseIterable, Sendable, Comparable {
  /// Detail for debugging.
  case debug
  /// What happened, in passing.
  case info
  /// Normal but significant.
  case notice
  /// Something went partly wrong.
  case warning
  /// Something failed.
  case error
  /// A component is down.
  case critical
  /// Action is needed at once.
  case alert
  /// The system cannot be used.
  case emergency

  /// Whether `self` is less severe than `other`.
  package static func < (lhs: MCPLogLevel, rhs: MCPLogLevel) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
