import Synchronization

/// What one MCP connection remembers between requests: the revision `initialize` settled on and
/// the log level `logging/setLevel` asked for (both of the handshake era; a request of the era
/// after it carries its own).
package final class MCPSession: Sendable {
  private struct State {
    var negotiatedVersion: String?
    var logLevel: MCPLogLevel?
  }

  private let state = Mutex(State())

  /// Creates a session before any handshake.
  package init() {}

  /// The revision `initialize` answered with; nil before it.
  package var negotiatedVersion: String? {
    get { state.withLock { $0.negotiatedVersion } }
    set { state.withLock { $0.negotiatedVersion = newValue } }
  }

  /// The lowest level `logging/setLevel` asked for; nil when it has not (no log messages).
  package var logLevel: MCPLogLevel? {
    get { state.withLock { $0.logLevel } }
    set { state.withLock { $0.logLevel = newValue } }
  }
}
