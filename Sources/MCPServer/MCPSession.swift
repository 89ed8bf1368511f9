import Synchronization

/// What one MCP connection remembers between requests: the log level `logging/setLevel` asked
/// for (of the handshake era; a request of the era after it carries its own), and its
/// subscriptions.
package final class MCPSession: Sendable {
  private struct State {
    var logLevel: MCPLogLevel?
  }

  private let state = Mutex(State())

  /// The resources the connection subscribed to, and what of the service it follows for them.
  package let subscriptions = MCPSubscriptions()

  /// Creates a session before any handshake.
  package init() {}

  /// The lowest level `logging/setLevel` asked for; nil when it has not (no log messages).
  package var logLevel: MCPLogLevel? {
    get { state.withLock { $0.logLevel } }
    set { state.withLock { $0.logLevel = newValue } }
  }
}
