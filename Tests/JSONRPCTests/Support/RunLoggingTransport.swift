import JSON
import JSONRPC
import JSONRPCTestSupport
import Synchronization

/// An `InMemoryTransport` that also keeps each run of messages sent together, as their texts, so
/// that a test can tell which messages nothing could come between.
final class RunLoggingTransport: Transport {
  let inner = InMemoryTransport()
  private let kept = Mutex<[[String]]>([])

  /// The runs sent so far, in order.
  var runs: [[String]] { kept.withLock { $0 } }

  func open(_ hooks: TransportHooks) -> TransportInput {
    inner.open(hooks)
  }

  func send(_ messages: [JSONValue], framing: Framing) {
    kept.withLock { $0.append(messages.map(\.serializedText)) }
    inner.send(messages, framing: framing)
  }

  func close() { inner.close() }
}
