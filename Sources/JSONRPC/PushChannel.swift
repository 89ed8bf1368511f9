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
///
/// A connection that speaks another protocol over JSON-RPC (MCP) gives it a `rewrite`, which turns
/// each run of notifications taken into the messages of that protocol. The channel also tells
/// when the client's input has ended (`untilEndOfInput()`), for a request that lasts as long as
/// the client talks (an MCP subscription stream).
package final class PushChannel: Sendable {
  private struct State {
    var order: [String] = []
    var pending: [String: @Sendable () -> JSONValue?] = [:]
    var closed = false
    var closers: [@Sendable () -> Void] = []
    var inputEnded = false
    var nextWaiter = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// What wakes the writer, made when it first waits or something is first posted (a
    /// connection that answers one call and closes never makes it), finished on close.
    var wakeups: (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation)?

    /// The wake-ups, made now if they were not (finished at once once closed).
    mutating func madeWakeups() -> (
      stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation
    ) {
      if let wakeups { return wakeups }
      let made = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
      if closed { made.continuation.finish() }
      wakeups = made
      return made
    }
  }

  private let state = Mutex(State())
  private let contentLength = Atomic<Bool>(false)
  private let rewrite: (@Sendable ([JSONValue]) -> [JSONValue])?
  /// Held while what is taken is written, so that `excludingWrites` sees none half done.
  private let writing = Mutex(())

  /// An open channel with nothing kept; `rewrite`, when given, turns what is taken into what is
  /// written (see `take()`).
  package init(rewrite: (@Sendable ([JSONValue]) -> [JSONValue])? = nil) {
    self.rewrite = rewrite
  }

  /// Keeps the notification `render` makes under `key`, replacing one kept under it.
  ///
  /// `render` runs when the writer takes it (nil: none is due then). Does nothing once the
  /// channel is closed. Never waits.
  package func post(key: String, render: @escaping @Sendable () -> JSONValue?) {
    let wake = state.withLock { state -> AsyncStream<Void>.Continuation? in
      guard !state.closed else { return nil }
      if state.pending.updateValue(render, forKey: key) == nil { state.order.append(key) }
      return state.madeWakeups().continuation
    }
    wake?.yield()
  }

  /// The number of notifications kept, not yet written.
  package var pendingCount: Int { state.withLock { $0.order.count } }

  /// Takes every notification kept, rendered now, in the order their keys were first posted,
  /// and passed through the channel's `rewrite` when it has one.
  package func take() -> [JSONValue] {
    let taken = state.withLock { state -> [@Sendable () -> JSONValue?] in
      let renders = state.order.compactMap { state.pending[$0] }
      state.order.removeAll()
      state.pending.removeAll()
      return renders
    }
    let rendered = taken.compactMap { $0() }
    guard let rewrite, !rendered.isEmpty else { return rendered }
    return rewrite(rendered)
  }

  /// Returns once the client's input has ended, the connection has closed, or the calling task
  /// is cancelled.
  package func untilEndOfInput() async {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state -> Bool in
          if state.inputEnded || state.closed || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Whether the client's input has ended.
  var inputHasEnded: Bool { state.withLock { $0.inputEnded } }

  /// The number of tasks waiting in `untilEndOfInput()`.
  var waitingForEndOfInput: Int { state.withLock { $0.waiters.count } }

  /// Runs `body` while nothing taken is being written.
  ///
  /// What was taken before it is queued on the transport already, and what is taken after it
  /// waits for it. So a message `body` sends comes
  /// after the first and before the second (a stream's first or last message), and what `body`
  /// changes decides what the rewrite makes of everything taken after it.
  package func excludingWrites<R>(_ body: () throws -> R) rethrows -> R {
    try writing.withLock { _ in try body() }
  }

  /// Records that the client's input has ended, and wakes those waiting for it.
  func endInput() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.inputEnded = true
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
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
    let wakeups = state.withLock { $0.madeWakeups().stream }
    for await _ in wakeups {
      // A client that does not read holds up only this loop, which gives up once the channel
      // closes (waiting for room could outlast the connection).
      while !transport.hasRoom && !isClosed {
        do { try await Task.sleep(for: .milliseconds(20)) } catch { return }
      }
      // Sending never blocks: the lock is held only while the run is queued.
      writing.withLock { _ in
        let messages = take()
        if !messages.isEmpty { transport.send(messages, framing: framing) }
      }
    }
  }

  /// Closes the channel: drops what is kept, ends `run` and runs the close handlers.
  func close() {
    let (closers, waiters, wake) = state.withLock {
      state -> (
        [@Sendable () -> Void], [CheckedContinuation<Void, Never>],
        AsyncStream<Void>.Continuation?
      ) in
      guard !state.closed else { return ([], [], nil) }
      state.closed = true
      state.order.removeAll()
      state.pending.removeAll()
      defer {
        state.closers.removeAll()
        state.waiters.removeAll()
      }
      return (state.closers, Array(state.waiters.values), state.wakeups?.continuation)
    }
    wake?.finish()
    for waiter in waiters { waiter.resume() }
    for closer in closers { closer() }
  }
}
