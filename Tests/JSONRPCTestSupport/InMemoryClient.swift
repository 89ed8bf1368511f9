import JSON
import JSONRPC

/// Serves a connection over an `InMemoryTransport` and talks to it as a client would.
package final class InMemoryClient: Sendable {
  /// The transport the connection is served over.
  package let transport: InMemoryTransport
  private let iteratorBox: IteratorBox

  private final class IteratorBox: @unchecked Sendable {
    var iterator: AsyncStream<InMemoryTransport.Sent>.Iterator

    init(_ iterator: AsyncStream<InMemoryTransport.Sent>.Iterator) {
      self.iterator = iterator
    }
  }

  private init(transport: InMemoryTransport) {
    self.transport = transport
    iteratorBox = IteratorBox(transport.sent.makeAsyncIterator())
  }

  /// Serves `connection` while `body` runs; ends the input when `body` returns (unless it did
  /// already) and waits for the connection to finish.
  package static func session<R: Sendable>(
    _ connection: JSONRPCConnection, recorder: (any ExchangeRecorder)? = nil,
    _ body: @Sendable (InMemoryClient) async throws -> R
  ) async throws -> R {
    let client = InMemoryClient(transport: InMemoryTransport())
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await connection.serve(over: client.transport, recorder: recorder) }
      let result = try await body(client)
      client.transport.finishInput()
      try await group.waitForAll()
      return result
    }
  }

  /// Feeds one message.
  package func send(_ text: String, framing: Framing = .newlineDelimited) {
    transport.feed(text, framing: framing)
  }

  /// The next message the connection sent; nil once it has closed the transport.
  package func next() async -> InMemoryTransport.Sent? {
    await iteratorBox.iterator.next()
  }

  /// The next message as text; nil once the connection has closed the transport.
  package func nextText() async -> String? {
    await next()?.text
  }

  /// The next message, parsed; nil once the connection has closed the transport.
  package func nextMessage() async throws -> JSONValue? {
    guard let text = await nextText() else { return nil }
    return try JSONParser.parse(text)
  }

  /// Every message left, until the connection closes the transport (end the input first).
  package func rest() async -> [String] {
    var texts: [String] = []
    while let text = await nextText() { texts.append(text) }
    return texts
  }
}
