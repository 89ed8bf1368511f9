import JSON
import JSONRPC

/// An `InMemoryTransport` that also adds `sent ID` to a log as each reply is sent (`sent -` for
/// a reply without an id), so that a test can tell what happened before a reply went out.
final class LoggingTransport: Transport {
  let inner: InMemoryTransport
  let log: EventLog

  init(inner: InMemoryTransport = InMemoryTransport(), log: EventLog) {
    self.inner = inner
    self.log = log
  }

  func open(_ hooks: TransportHooks) -> TransportInput {
    inner.open(hooks)
  }

  func send(_ messages: [JSONValue], framing: Framing) {
    for message in messages {
      let id = message["id"].map { $0.serializedText } ?? "-"
      log.add("sent \(id)")
    }
    inner.send(messages, framing: framing)
  }

  func cork() { inner.cork() }

  func uncork() { inner.uncork() }

  func close() { inner.close() }
}
