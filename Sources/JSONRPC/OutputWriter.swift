#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The single writer of protocol messages: whole framed messages, in the order they were sent.
///
/// Senders never block. Where a write cannot block (room in a pipe, `MSG_DONTWAIT` on a socket,
/// a regular file) the sender writes at once; everything else goes to a writer thread of its
/// own, so a client that does not read stalls only that thread. `hasRoom` tells the reader
/// whether replies waiting for the client are still under the limit.
package final class OutputWriter: Sendable {
  private enum Kind {
    case pipe
    case socket
    case file
    case other
  }

  private struct State {
    var pending: [UInt8] = []
    var closed = false
    var broken = false
    var corked = false
    /// Someone (the writer thread or a sender) is inside write(2).
    var writing = false
  }

  private let fd: Int32
  private let kind: Kind
  private let limit: Int
  private let log: DiagnosticLog
  private let lock: ConditionLock<State>
  private let thread: OSThread

  /// Starts a writer on `fd`; `limit` is the number of unwritten bytes above which `hasRoom`
  /// turns false.
  package init(fd: Int32, limit: Int, log: DiagnosticLog) {
    self.fd = fd
    self.limit = limit
    self.log = log
    var info = stat()
    if fstat(fd, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFIFO: kind = .pipe
      case S_IFSOCK: kind = .socket
      case S_IFREG: kind = .file
      default: kind = .other
      }
    } else {
      kind = .other
    }
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
    let corked = lock.withLock { state -> Bool in
      guard !state.closed, !state.broken else { return true }
      framing.frame(body, into: &state.pending)
      return state.corked
    }
    if !corked { flush() }
  }

  /// Holds replies back until `uncork()`, so that the replies to a burst of messages go out in
  /// one `write(2)` instead of one each.
  package func cork() {
    lock.withLock { $0.corked = true }
  }

  /// Writes what was sent since `cork()`.
  package func uncork() {
    lock.withLock { $0.corked = false }
    flush()
  }

  /// Whether fewer bytes than the limit wait for the client to read them.
  package var hasRoom: Bool {
    lock.withLock { $0.pending.count < limit || $0.broken || $0.closed }
  }

  /// Writes everything queued, then stops the writer thread.
  ///
  /// Later sends are dropped.
  package func close() {
    lock.withLock { $0.closed = true }
    lock.broadcast()
    thread.join()
  }

  /// Writes what is pending right here if that cannot block, else wakes the writer thread.
  private func flush() {
    let chunk = lock.withLock { state -> [UInt8]? in
      guard !state.pending.isEmpty, !state.writing, !state.corked, !state.broken else { return nil }
      state.writing = true
      return state.pending
    }
    guard let chunk else { return }
    let written = writeWithoutBlocking(chunk)
    let leftover = lock.withLock { state -> Bool in
      state.writing = false
      if written > 0 { state.pending.removeFirst(written) }
      return !state.pending.isEmpty || state.closed
    }
    // Whatever is left (or everything, where writing here could block) is the thread's.
    if leftover { lock.broadcast() }
  }

  /// Writes a prefix of `bytes` without blocking; returns how many bytes were written.
  private func writeWithoutBlocking(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { raw -> Int in
      guard let base = raw.baseAddress else { return 0 }
      switch kind {
      case .pipe:
        // With room in the pipe, a write of at most PIPE_BUF bytes completes without blocking.
        var probe = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&probe, 1, 0) == 1, probe.revents & Int16(POLLOUT) != 0 else { return 0 }
        let result = POSIXIO.writeOnce(fd, base, min(raw.count, Int(PIPE_BUF)))
        return max(result, 0)
      case .socket:
        #if canImport(Darwin)
          let flags = MSG_DONTWAIT
        #else
          let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
        #endif
        let result = Glibc.send(fd, base, raw.count, flags)
        return max(result, 0)
      case .file:
        return max(POSIXIO.writeOnce(fd, base, raw.count), 0)
      case .other:
        return 0
      }
    }
  }

  private static func drain(fd: Int32, lock: ConditionLock<State>, log: DiagnosticLog) {
    while true {
      let ready: (State) -> Bool = {
        (!$0.pending.isEmpty && !$0.corked && !$0.writing) || ($0.closed && !$0.writing)
      }
      let (chunk, done) = lock.wait(until: ready) { state -> ([UInt8], Bool) in
        let chunk = state.broken ? [] : state.pending
        state.writing = !chunk.isEmpty
        return (chunk, chunk.isEmpty && state.closed)
      }
      if done { return }
      let failure = POSIXIO.writeAll(fd, chunk)
      if let failure {
        log.warning("cannot write to the output (\(failure)); later replies are dropped")
      }
      let ok = failure == nil
      lock.withLock { state in
        state.writing = false
        if ok {
          state.pending.removeFirst(chunk.count)
        } else {
          state.broken = true
          state.pending = []
        }
      }
    }
  }
}
