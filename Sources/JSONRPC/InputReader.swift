#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads raw bytes from a file descriptor on a thread of its own, frames and parses them, and
/// delivers the messages as an `AsyncStream`.
///
/// Before each `read(2)` it waits until the service has room (few enough messages in progress
/// and reply bytes unwritten), so memory stays bounded however far a client pipelines ahead.
/// `stop()` ends the stream promptly even while `read(2)` would block (SIGTERM uses it).
package final class InputReader: Sendable {
  /// The messages in arrival order, in groups (those framed from one read); the stream ends at
  /// end of input or after `stop()`.
  package let frames: AsyncStream<[InboundFrame]>
  private let continuation: AsyncStream<[InboundFrame]>.Continuation
  private let wakeWrite: Int32
  private let thread: OSThread

  /// Starts reading `fd`.
  ///
  /// `waitForRoom` is called on the reader thread before every read.
  package init(
    fd: Int32, limits: MessageLimits, log: DiagnosticLog,
    waitForRoom: @escaping @Sendable () -> Void
  ) {
    let (frames, continuation) = AsyncStream.makeStream(of: [InboundFrame].self)
    self.frames = frames
    self.continuation = continuation
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 {
      log.error("cannot create the wake-up pipe; SIGTERM will wait for the end of input")
      fds = [-1, -1]
    }
    self.wakeWrite = fds[1]
    let wakeRead = fds[0]
    thread = OSThread {
      InputReader.readLoop(
        fd: fd, wakeFD: wakeRead, limits: limits, log: log, waitForRoom: waitForRoom,
        continuation: continuation)
      if wakeRead >= 0 { close(wakeRead) }
    }
  }

  /// Stops reading; messages already framed are still delivered.
  ///
  /// Safe to call more than once.
  package func stop() {
    guard wakeWrite >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Waits for the reader thread to end.
  package func join() {
    thread.join()
    if wakeWrite >= 0 { close(wakeWrite) }
  }

  private static func readLoop(
    fd: Int32, wakeFD: Int32, limits: MessageLimits, log: DiagnosticLog,
    waitForRoom: @Sendable () -> Void, continuation: AsyncStream<[InboundFrame]>.Continuation
  ) {
    var framer = MessageFramer(limits: limits)
    let chunkSize = 64 * 1024
    let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
    defer {
      chunk.deallocate()
      continuation.finish()
    }
    var pollSet = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      waitForRoom()
      pollSet[0].revents = 0
      pollSet[1].revents = 0
      let ready = poll(&pollSet, wakeFD >= 0 ? 2 : 1, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        log.error("cannot wait for input (\(String(cString: strerror(errno))))")
        return
      }
      if wakeFD >= 0 && pollSet[1].revents != 0 {
        log.info("stopping: no more input is read")
        return
      }
      let count = read(fd, chunk.baseAddress, chunkSize)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        log.error("cannot read the input (\(String(cString: strerror(errno))))")
        return
      }
      if count == 0 {
        if let event = framer.finish() {
          continuation.yield([frame(for: event, limits: limits, log: log)])
        }
        return
      }
      framer.append(UnsafeBufferPointer(rebasing: chunk[0..<count]))
      // Everything framed from one read goes to the service in one hand-off.
      var frames: [InboundFrame] = []
      while let event = framer.next() {
        frames.append(frame(for: event, limits: limits, log: log))
      }
      if !frames.isEmpty { continuation.yield(frames) }
    }
  }

  /// Turns a framing event into a frame: parses JSON, or builds the error to answer.
  package static func frame(
    for event: MessageFramer.Event, limits: MessageLimits, log: DiagnosticLog
  ) -> InboundFrame {
    switch event {
    case .message(let body, let framing):
      if log.enabled(.debug) { log.debug("-> \(String(decoding: body, as: UTF8.self))") }
      do throws(JSONParseError) {
        let value = try JSONParser.parse(body, maxDepth: limits.maxDepth)
        return InboundFrame(content: .json(value), framing: framing)
      } catch {
        log.warning("unreadable message: \(error)")
        let reply: JSONRPCError
        switch error.kind {
        case .syntax:
          reply = .parseError(error.description)
        case .tooDeep:
          reply = .invalidRequest(
            reason: "too-deep",
            "the message nests arrays and objects deeper than \(limits.maxDepth) levels",
            extra: JSONObject(["limit": .integer(limits.maxDepth)]))
        }
        return InboundFrame(content: .unreadable(reply), framing: framing)
      }
    case .oversized(let framing, let size, let atLeast):
      log.warning("skipped a message of \(atLeast ? "at least " : "")\(size) bytes")
      let reply = JSONRPCError.invalidRequest(
        reason: "too-large",
        "the message is \(atLeast ? "at least " : "")\(size) bytes, over the limit of "
          + "\(limits.maxMessageBytes) bytes; it was skipped (raise the limit with --max-message-bytes)",
        extra: JSONObject(["limit": .integer(limits.maxMessageBytes), "size": .integer(size)]))
      return InboundFrame(content: .unreadable(reply), framing: framing)
    case .badHeaders(let detail):
      log.warning("bad headers: \(detail)")
      return InboundFrame(
        content: .unreadable(.parseError("bad Content-Length framing: \(detail)")),
        framing: .contentLength)
    case .truncated(let framing, let detail):
      log.warning("truncated message: \(detail)")
      return InboundFrame(content: .unreadable(.parseError(detail)), framing: framing)
    }
  }
}
