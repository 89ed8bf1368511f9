import JSON
import Synchronization

/// A connection's notifications that no request of it led to (news of changes elsewhere), kept
/// until its writer has room for them.
///
/// Whoever posts never waits: a notification is kept under a key, and a later one under the same
/// key replaces it (in its place) while it is not yet written, so what is kept is bounded by the
/// number of keys the poster uses. Each is rendered only when the writer takes it, so it carries
/// what is true then. The connection's writer takes them whenever the transport has room for
/// replies (`JSONRPCConnection.serve`); a client that does not read its output leaves them kept,
/// coalesced, and holds up nothing but itself. Once the connection closes, posts are dropped and
/// the handlers given to `onClose` run.
package final class PushChannel: Sendable {
  private struct State {
    var order: [String] = []
    var pending: [String: @Sendable () -> JSONValue?] = [:]
    var closed = false
    var closers: [@Sendable () -> Void] = []
  }

  private let state = Mutex(State())
  private let contentLength = Atomic<Bool>(false)
  private let wakeups: AsyncStream<Void>
  private let wake: AsyncStream<Void>.Continuation

  /// An open channel with nothing kept.
  package init() {
    (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Keeps the notification `render` makes under `key`, replacing one kept under it.
  ///
  /// `render` runs when the writer takes it (nil: none is due then). Does nothing once the
  /// channel is closed. Never waits.
  package func post(key: String, render: @escaping @Sendable () -> JSONValue?) {
    let posted = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      if state.pending.updateValue(render, forKey: key) == nil { state.order.append(key) }
      return true
    }
    if posted { wake.yield() }
  }

  /// The number of notifications kept, not yet written.
  package var pendingCount: Int { state.withLock { $0.order.count } }

  /// Takes every notification kept, rendered now, in the order their keys were first posted.
  package func take() -> [JSONValue] {
    let taken = state.withLock { state -> [@Sendable () -> JSONValue?] in
      let renders = state.order.compactMap { state.pending[$0] }
      state.order.removeAll()
      state.pending.removeAll()
      return renders
    }
    return taken.compactMap { $0() }
  }

  /// Runs `body` when the connection closes (at once when it is closed already).
  package func onClose(_ body: @escaping @Sendable () -> Void) {
    let closed = state.withLock { state -> Bool in
      if !state.closed { state.closers.append(body) }
      return state.closed
    }
    if closed { body() }
  }

  /// Whether the connection is closed.
  package var isClosed: Bool { state.withLock { $0.closed } }

  /// The framing the client last used, which pushed notifications are written in.
  var framing: Framing {
    get { contentLength.load(ordering: .relaxed) ? .contentLength : .newlineDelimited }
    set { contentLength.store(newValue == .contentLength, ordering: .relaxed) }
  }

  /// Writes what is kept to `transport` whenever it has room, until the channel closes.
  func run(over transport: some Transport) async {
    for await _ in wakeups {
      // A client that does not read holds up only this loop, which gives up once the channel
      // closes (waiting for room could outlast the connection).
      while !transport.hasRoom && !isClosed {
        do { try await Task.sleep(for: .milliseconds(20)) } catch { return }
      }
      let messages = take()
      if !messages.isEmpty { transport.send(messages, framing: framing) }
    }
  }

  /// Closes the channel: drops what is kept, ends `run` and runs the close handlers.
  func close() {
    let closers = state.withLock { state -> [@Sendable () -> Void] in
      guard !state.closed else { return [] }
      state.closed = true
      state.order.removeAll()
      state.pending.removeAll()
      defer { state.closers.removeAll() }
      return state.closers
    }
    wake.finish()
    for closer in closers { closer() }
  }
}
