import JSON
import JSONRPC
import POSIXSupport

/// The single writer of protocol messages: whole framed messages, in the order they were sent.
///
/// Senders never block. Where a write cannot block (room in a pipe, `MSG_DONTWAIT` on a socket,
/// a regular file) the sender writes at once; everything else goes to a writer thread of its
/// own, so a client that does not read stalls only that thread. That thread never blocks in
/// `write(2)` either: it waits for room with `poll(2)` a tenth of a second at a time, so a
/// grace period is kept even against a client that has stopped reading.
///
/// On Linux a pipe (or a terminal) is written through a description of its own, opened
/// non-blocking from `/proc/self/fd` (the one the output was given shares its flags with the
/// process at the other end, so it is left as it is): a write then takes as much as the pipe
/// has room for, up to a 64 KiB block, instead of `PIPE_BUF` (4 KiB) after a `poll` each time,
/// which took 20,000 writes, 20,000 polls and as many wake-ups of the reader for 100,000
/// `service.info` replies, against some 1,300 now.
///
/// Back-pressure: once more than `limit` bytes wait for the client, `hasRoom` turns false (no
/// more messages are taken from the input) and `waitForRoom()` suspends (requests already taken
/// wait before they start); both let go again once the backlog is down to half the limit.
package final class OutputWriter: Sendable {
  private enum Kind {
    case pipe
    case socket
    case file
    case other
    /// A pipe or a terminal written through a non-blocking description of its own.
    case nonBlocking
  }

  private struct State {
    var queue = OutputQueue()
    var closed = false
    var broken = false
    /// The grace period after a termination signal is over: unsent output was dropped, and later
    /// sends are dropped too.
    var discarding = false
    var corked = false
    /// Someone (the writer thread or a sender) is inside write(2).
    var writing = false
    /// Over the limit, and not yet back down to half of it.
    var paused = false
    /// When unsent output is dropped (set by `beginGracePeriod`).
    var deadline: ContinuousClock.Instant?
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// The descriptor written: the one given, or, for `.nonBlocking`, the description opened for
  /// it (closed with the writer).
  private let fd: Int32
  private let kind: Kind
  private let limit: Int
  private let log: DiagnosticLog
  private let lock: ConditionLock<State>
  private let thread: OSThread

  /// Starts a writer on `fd`; `limit` is the number of unwritten bytes above which `hasRoom`
  /// turns false.
  package init(fd: Int32, limit: Int, log: DiagnosticLog) {
    self.limit = limit
    self.log = log
    var info = stat()
    var kind: Kind
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
    var target = fd
    if kind == .pipe || kind == .other, let reopened = Self.reopenNonBlocking(fd, info: info) {
      target = reopened
      kind = .nonBlocking
    }
    self.fd = target
    self.kind = kind
    let fd = target
    let written = kind
    let lock = ConditionLock(State())
    self.lock = lock
    thread = OSThread {
      OutputWriter.drain(fd: fd, kind: written, limit: limit, lock: lock, log: log)
    }
  }

  /// Queues one message for writing in `framing`.
  package func send(_ message: JSONValue, framing: Framing) {
    send([message], framing: framing)
  }

  /// Queues messages for writing in `framing`, under one hold of the lock: nothing another
  /// thread sends comes between them.
  package func send(_ messages: [JSONValue], framing: Framing) {
    let bodies = messages.map(\.serializedBytes)
    if log.enabled(.debug) {
      for body in bodies { log.debug("<- \(String(decoding: body, as: UTF8.self))") }
    }
    let corked = lock.withLock { state -> Bool in
      guard !state.closed, !state.broken, !state.discarding else { return true }
      for body in bodies {
        state.queue.append(body, framing: framing, frontInUse: state.writing)
      }
      if state.queue.count > limit { state.paused = true }
      return state.corked
    }
    if !corked { flush() }
  }

  /// A new description of the pipe or terminal `fd` is, opened for writing without blocking
  /// (Linux's `/proc/self/fd/N` opens the file itself, not a copy of `fd`'s description); nil
  /// where that cannot be done or does not give the same file.
  private static func reopenNonBlocking(_ fd: Int32, info: stat) -> Int32? {
    #if os(Linux)
      let reopened = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
      guard reopened >= 0 else { return nil }
      var same = stat()
      guard fstat(reopened, &same) == 0, same.st_dev == info.st_dev, same.st_ino == info.st_ino
      else {
        Glibc.close(reopened)
        return nil
      }
      return reopened
    #else
      return nil
    #endif
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

  /// Whether input may be read: the replies waiting for the client are under the limit (or,
  /// once over it, back down to half of it), or nothing more will be written.
  package var hasRoom: Bool {
    lock.withLock { !$0.paused || $0.broken || $0.closed || $0.discarding }
  }

  /// Whether output is being dropped: the output is broken, or the grace period is over.
  package var isDropping: Bool {
    lock.withLock { $0.broken || $0.discarding }
  }

  /// Returns once `hasRoom` holds; what was corked is released first, since it is the backlog
  /// the client has to read.
  package func waitForRoom() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = lock.withLock { state -> Bool in
        if !state.paused || state.broken || state.closed || state.discarding { return true }
        state.corked = false
        state.waiters.append(continuation)
        return false
      }
      if ready {
        continuation.resume()
      } else {
        lock.broadcast()
      }
    }
  }

  /// Gives the client `duration` from now to read what is queued and what is still sent.
  ///
  /// After that, unsent output is dropped. Used on a termination signal; only the first call
  /// counts.
  package func beginGracePeriod(_ duration: Duration) {
    lock.withLock { state in
      if state.deadline == nil { state.deadline = .now + duration }
    }
    lock.broadcast()
  }

  /// Drops what the client has not read, and everything sent from now on.
  package func dropUnsent() {
    let waiters = lock.withLock { state -> [CheckedContinuation<Void, Never>] in
      Self.discard(&state, log: log)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Writes everything queued (until the grace period ends, if one has begun), then stops the
  /// writer thread.
  ///
  /// Later sends are dropped.
  package func close() {
    lock.withLock { $0.closed = true }
    lock.broadcast()
    thread.join()
    if kind == .nonBlocking { _ = Glibc.close(fd) }
    let waiters = lock.withLock { state -> [CheckedContinuation<Void, Never>] in
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Writes what is pending right here if that cannot block, else wakes the writer thread.
  private func flush() {
    let chunk = lock.withLock { state -> ArraySlice<UInt8>? in
      guard !state.writing, !state.corked, !state.broken else { return nil }
      guard let chunk = state.queue.front(limit: Self.chunkLimit(kind)) else { return nil }
      state.writing = true
      return chunk
    }
    guard let chunk else { return }
    let written = Self.write(chunk, fd: fd, kind: kind, waitMilliseconds: 0)
    let (leftover, waiters) = lock.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
      state.writing = false
      var waiters: [CheckedContinuation<Void, Never>] = []
      if case .wrote(let count) = written, count > 0 {
        state.queue.removeFirst(count)
        waiters = Self.releaseIfDrained(&state, limit: limit)
      }
      return (!state.queue.isEmpty || state.closed, waiters)
    }
    for waiter in waiters { waiter.resume() }
    // Whatever is left (or everything, where writing here could block) is the thread's.
    if leftover { lock.broadcast() }
  }

  private enum WriteResult {
    case wrote(Int)
    case failed(String)
  }

  /// The most bytes one write may carry without blocking, once `poll` has said there is room.
  private static func chunkLimit(_ kind: Kind) -> Int {
    switch kind {
    // With room in a pipe (or a terminal), a write of at most PIPE_BUF bytes completes at once.
    case .pipe, .other: Int(PIPE_BUF)
    case .socket, .file, .nonBlocking: OutputQueue.blockSize
    }
  }

  /// Writes a prefix of `bytes` once `fd` has room, waiting for it at most `waitMilliseconds`;
  /// returns how many bytes were written (0 when there was no room), or why it failed.
  private static func write(
    _ bytes: ArraySlice<UInt8>, fd: Int32, kind: Kind, waitMilliseconds: Int32
  ) -> WriteResult {
    bytes.withUnsafeBytes { raw -> WriteResult in
      guard let base = raw.baseAddress else { return .wrote(0) }
      if kind == .nonBlocking {
        // Write first: there is usually room. Without it, wait for some, then try once more.
        var result = POSIXIO.writeOnce(fd, base, min(raw.count, chunkLimit(kind)))
        if result < 0 && errno == EAGAIN {
          var probe = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          guard waitMilliseconds > 0, poll(&probe, 1, waitMilliseconds) > 0 else {
            return .wrote(0)
          }
          result = POSIXIO.writeOnce(fd, base, min(raw.count, chunkLimit(kind)))
          if result < 0 && errno == EAGAIN { return .wrote(0) }
        }
        if result < 0 { return .failed(String(cString: strerror(errno))) }
        if result == 0 { return .failed("nothing was written") }
        return .wrote(result)
      }
      if kind != .file {
        var probe = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&probe, 1, waitMilliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .wrote(0) }
        // POLLERR or POLLHUP: the write below says what went wrong.
      }
      let result: Int
      switch kind {
      case .socket:
        #if canImport(Darwin)
          let flags = MSG_DONTWAIT
        #else
          let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
        #endif
        result = Glibc.send(fd, base, raw.count, flags)
        if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
          return .wrote(0)
        }
      case .pipe, .other, .file, .nonBlocking:
        result = POSIXIO.writeOnce(fd, base, min(raw.count, chunkLimit(kind)))
      }
      if result < 0 { return .failed(String(cString: strerror(errno))) }
      if result == 0 { return .failed("nothing was written") }
      return .wrote(result)
    }
  }

  /// Clears `paused` once the backlog is down to half the limit; returns the waiters to resume.
  private static func releaseIfDrained(_ state: inout State, limit: Int)
    -> [CheckedContinuation<Void, Never>]
  {
    if state.paused && state.queue.count <= limit / 2 { state.paused = false }
    guard !state.paused || state.broken || state.discarding else { return [] }
    defer { state.waiters = [] }
    return state.waiters
  }

  /// Drops the unsent output for good; returns the waiters to resume.
  private static func discard(_ state: inout State, log: DiagnosticLog)
    -> [CheckedContinuation<Void, Never>]
  {
    if !state.discarding {
      state.discarding = true
      let dropped = state.queue.removeAll()
      if dropped > 0 {
        log.warning("the grace period is over: \(dropped) bytes of replies were not sent")
      }
    }
    defer { state.waiters = [] }
    return state.waiters
  }

  private static func drain(
    fd: Int32, kind: Kind, limit: Int, lock: ConditionLock<State>, log: DiagnosticLog
  ) {
    while true {
      let ready: (State) -> Bool = {
        !$0.writing && ((!$0.queue.isEmpty && !$0.corked) || $0.closed)
      }
      let chunk = lock.wait(until: ready) { state -> ArraySlice<UInt8>? in
        if state.broken || state.discarding { state.queue.removeAll() }
        guard let chunk = state.queue.front(limit: chunkLimit(kind)) else { return nil }
        state.writing = true
        return chunk
      }
      // Nothing left to write, and closed.
      guard let chunk else { return }
      let result = write(chunk, fd: fd, kind: kind, waitMilliseconds: 100)
      let waiters = lock.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.writing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        switch result {
        case .wrote(let count):
          if count > 0 { state.queue.removeFirst(count) }
          waiters = releaseIfDrained(&state, limit: limit)
        case .failed(let reason):
          log.warning("cannot write to the output (\(reason)); later replies are dropped")
          state.broken = true
          state.queue.removeAll()
          waiters = state.waiters
          state.waiters = []
        }
        if let deadline = state.deadline, !state.queue.isEmpty, ContinuousClock.now >= deadline {
          waiters += discard(&state, log: log)
        }
        return waiters
      }
      for waiter in waiters { waiter.resume() }
    }
  }
}
