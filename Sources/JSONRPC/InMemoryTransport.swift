import JSON
import Synchronization

/// A transport in memory, for tests: messages are fed in as text, what is sent is read out.
///
/// What the connection sends comes out of `sent`. It also fits a connection run inside a process
/// that has no pipe to serve.
///
/// It hands every group over as it is fed (it does not hold messages back however many are in
/// progress), and has room for any number of replies. `cork()` holds messages back until
/// `uncork()`, as a transport that writes in bursts would.
package final class InMemoryTransport: Transport {
  /// A message the connection sent, with the framing of the message it answers.
  package struct Sent: Sendable {
    /// The reply or notification.
    package var message: JSONValue
    /// The framing it would be written in.
    package var framing: Framing

    /// The message as compact JSON text.
    package var text: String { message.serializedText }
  }

  private struct State {
    /// Set by `open`; until then fed groups wait in `pending`.
    var hooks: TransportHooks?
    var pending: [[InboundFrame]] = []
    var inputFinished = false
    var corked = false
    var held: [Sent] = []
  }

  /// What the connection sent, in order; it ends when the connection closes the transport.
  package let sent: AsyncStream<Sent>
  private let sentContinuation: AsyncStream<Sent>.Continuation
  private let frames: AsyncStream<[InboundFrame]>
  private let framesContinuation: AsyncStream<[InboundFrame]>.Continuation
  private let state = Mutex(State())
  private let limits: MessageLimits
  private let log: DiagnosticLog

  /// Creates a transport that parses what it is fed with `limits`' depth bound.
  package init(
    limits: MessageLimits = MessageLimits(), log: DiagnosticLog = DiagnosticLog(level: .off)
  ) {
    self.limits = limits
    self.log = log
    (sent, sentContinuation) = AsyncStream.makeStream(of: Sent.self)
    (frames, framesContinuation) = AsyncStream.makeStream(of: [InboundFrame].self)
  }

  /// Feeds messages that arrive together (one group: dispatched together, replies sent together),
  /// each the text of one message; the bytes are kept as `raw`, for a recorder.
  package func feed(_ texts: [String], framing: Framing = .newlineDelimited) {
    let group = texts.map { text in
      var frame = InboundFrame(body: Array(text.utf8), framing: framing, limits: limits, log: log)
      frame.raw = Array(text.utf8)
      return frame
    }
    feed(frames: group)
  }

  /// Feeds one message, in a group of its own.
  package func feed(_ text: String, framing: Framing = .newlineDelimited) {
    feed([text], framing: framing)
  }

  /// Feeds a group of frames as they are.
  package func feed(frames group: [InboundFrame]) {
    let hooks = state.withLock { state -> TransportHooks? in
      if state.hooks == nil { state.pending.append(group) }
      return state.hooks
    }
    guard let hooks else { return }
    hooks.willHandOver(group.count)
    framesContinuation.yield(group)
  }

  /// Ends the input, as the end of a stream would: the connection finishes what it has and
  /// returns.
  package func finishInput() {
    let open = state.withLock { state -> Bool in
      state.inputFinished = true
      return state.hooks != nil
    }
    if open { framesContinuation.finish() }
  }

  /// Tells the connection the grace period after a termination signal is over, as the stdio
  /// transport does a while after SIGTERM.
  package func expireGracePeriod() {
    state.withLock { $0.hooks }?.graceExpired()
  }

  // MARK: - Transport

  /// Hands over what was fed so far, and what is fed from now on.
  package func open(_ hooks: TransportHooks) -> TransportInput {
    let (pending, finished) = state.withLock { state -> ([[InboundFrame]], Bool) in
      state.hooks = hooks
      defer { state.pending = [] }
      return (state.pending, state.inputFinished)
    }
    for group in pending {
      hooks.willHandOver(group.count)
      framesContinuation.yield(group)
    }
    if finished { framesContinuation.finish() }
    return TransportInput(frames: frames)
  }

  /// Adds the messages to `sent`, or holds them while corked.
  package func send(_ messages: [JSONValue], framing: Framing) {
    let sentNow = messages.map { Sent(message: $0, framing: framing) }
    // Under the lock, so that messages keep the order in which they were sent, a run together.
    state.withLock { state in
      if state.corked {
        state.held.append(contentsOf: sentNow)
      } else {
        for sent in sentNow { sentContinuation.yield(sent) }
      }
    }
  }

  /// Holds messages back until `uncork()`.
  package func cork() {
    state.withLock { $0.corked = true }
  }

  /// Releases the messages held back, in order.
  package func uncork() {
    // Under the lock, so that a message sent meanwhile cannot overtake them.
    state.withLock { state in
      state.corked = false
      for message in state.held { sentContinuation.yield(message) }
      state.held = []
    }
  }

  /// Releases what is held back and ends `sent`.
  package func close() {
    uncork()
    sentContinuation.finish()
  }
}
