#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The single writer of protocol messages: whole framed messages, in the order they were sent,
/// written to a file descriptor with `write(2)` on a thread of its own.
///
/// Senders never block (a full pipe stalls only the writer thread); the reader consults
/// `waitForRoom` so that replies waiting for a slow client stay bounded.
package final class OutputWriter: Sendable {
  private struct State {
    var pending: [UInt8] = []
    var pendingBytes = 0
    var closed = false
    var broken = false
    var corked = false
    var wakePending = false
  }

  private let fd: Int32
  private let limit: Int
  private let log: DiagnosticLog
  private let lock: ConditionLock<State>
  private let thread: OSThread

  /// Starts a writer on `fd`; `limit` is the number of unwritten bytes above which
  /// `waitForRoom` blocks.
  package init(fd: Int32, limit: Int, log: DiagnosticLog) {
    self.fd = fd
    self.limit = limit
    self.log = log
    let lock = ConditionLock(State())
    self.lock = lock
    thread = OSThread {
      OutputWriter.drain(fd: fd, lock: lock, log: log)
    }
  }

  /// Queues one message for writing in `framing`.
  package func send(_ message: JSONValue, framing: Framing) {
    let body = message.serializedBytes
    if log.enabled(.debug) { log.debug("<- \(String(decoding: body, as: UTF8.self))") }
    var framed: [UInt8] = []
    framed.reserveCapacity(body.count + 24)
    framing.frame(body, into: &framed)
    let wake = lock.withLock { state -> Bool in
      guard !state.closed, !state.broken else { return false }
      // The writer thread sleeps only when nothing is pending: wake it only then, and while
      // corked only once the cork is pulled.
      let wasIdle = state.pending.isEmpty
      state.pending.append(contentsOf: framed)
      state.pendingBytes += framed.count
      if wasIdle && state.corked {
        state.wakePending = true
        return false
      }
      return wasIdle
    }
    if wake { lock.broadcast() }
  }

  /// Holds replies back from the writer thread until `uncork()`, so that the replies to a burst
  /// of messages go out in one `write(2)` instead of one each.
  package func cork() {
    lock.withLock { $0.corked = true }
  }

  /// Lets the writer thread write what was sent since `cork()`.
  package func uncork() {
    let wake = lock.withLock { state -> Bool in
      state.corked = false
      defer { state.wakePending = false }
      return state.wakePending
    }
    if wake { lock.broadcast() }
  }

  /// Blocks the calling thread (never a task) while too many bytes wait to be written.
  package func waitForRoom() {
    lock.wait(until: { $0.pendingBytes < limit || $0.broken || $0.closed }, then: { _ in })
  }

  /// Whether the reader of our output has gone away (EPIPE or another write error).
  package var isBroken: Bool { lock.withLock { $0.broken } }

  /// Writes everything queued, then stops the writer thread.
  ///
  /// Later sends are dropped.
  package func close() {
    lock.withLock { $0.closed = true }
    lock.broadcast()
    thread.join()
  }

  private static func drain(fd: Int32, lock: ConditionLock<State>, log: DiagnosticLog) {
    while true {
      let ready: (State) -> Bool = { (!$0.pending.isEmpty && !$0.corked) || $0.closed }
      let (chunk, done) = lock.wait(until: ready) { state -> ([UInt8], Bool) in
        let chunk = state.pending
        state.pending = []
        return (chunk, chunk.isEmpty && state.closed)
      }
      if done { return }
      let ok = chunk.withUnsafeBytes { bytes -> Bool in
        var offset = 0
        while offset < bytes.count {
          let written = writeRetrying(
            fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
          if written <= 0 {
            let reason = String(cString: strerror(errno))
            log.warning("cannot write to the output (\(reason)); later replies are dropped")
            return false
          }
          offset += written
        }
        return true
      }
      lock.withLock { state in
        state.pendingBytes -= chunk.count
        if !ok {
          state.broken = true
          state.pending = []
          state.pendingBytes = 0
        }
      }
      // Lets a reader waiting for room go on.
      lock.broadcast()
    }
  }
}
