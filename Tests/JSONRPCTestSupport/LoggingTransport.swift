import JSON
import JSONRPC

/// An `InMemoryTransport` that also adds `sent ID` to a log as each reply is sent (`sent -` for
/// a reply without an id), so that a test can tell what happened before a reply went out.
package final class LoggingTransport: Transport {
  /// The transport that carries the messages.
  package let inner: InMemoryTransport
  /// Where `sent ID` goes.
  package let log: EventLog

  /// Logs into `log` what `inner` sends.
  package init(inner: InMemoryTransport = InMemoryTransport(), log: EventLog) {
    self.inner = inner
    self.log = log
  }

  /// Opens the inner transport.
  package func open(_ hooks: TransportHooks) -> TransportInput {
    inner.open(hooks)
  }

  /// Logs each message, then sends them.
  package func send(_ messages: [JSONValue], framing: Framing) {
    for message in messages {
      let id = message["id"].map { $0.serializedText } ?? "-"
      log.add("sent \(id)")
    }
    inner.send(messages, framing: framing)
  }

  /// Corks the inner transport.
  package func cork() { inner.cork() }

  /// Uncorks the inner transport.
  package func uncork() { inner.uncork() }

  /// Closes the inner transport.
  package func close() { inner.close() }
}
