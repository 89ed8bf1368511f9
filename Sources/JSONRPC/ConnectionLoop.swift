import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thread that reads the input and runs the connection's tasks: a task executor with an
/// event loop, so that a request is read, handled and answered without waking another thread.
///
/// The thread polls the input and a wake-up pipe. It frames and parses what it reads and
/// delivers the messages through `frames`, grouped per read; the task consuming them prefers
/// this executor, so it runs on this thread right after the read. Input is not read while
/// `canRead` says no (too much in progress, or too many reply bytes waiting for the client),
/// which keeps memory bounded however far a client pipelines ahead.
package final class ConnectionLoop: TaskExecutor, @unchecked Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var sleeping = false
    var stopRequested = false
    var shutdownRequested = false
  }

  /// The messages in arrival order, grouped per read; the stream ends at end of input or when
  /// `TerminationSignals` writes its marker to the wake-up pipe.
  package let frames: AsyncStream<[InboundFrame]>
  private let continuation: AsyncStream<[InboundFrame]>.Continuation
  private let state = Mutex(State())
  private let wakeRead: Int32
  /// The write end of the wake-up pipe; `TerminationSignals` writes its marker byte there.
  let wakeWrite: Int32
  private let thread = Mutex<OSThread?>(nil)

  /// Starts the loop on `fd`; `canRead` is asked before every read.
  package init(
    fd: Int32, limits: MessageLimits, log: DiagnosticLog, keepRaw: Bool = false,
    canRead: @escaping @Sendable () -> Bool
  ) {
    (frames, continuation) = AsyncStream.makeStream(of: [InboundFrame].self)
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 {
      log.error("cannot create the wake-up pipe (\(String(cString: strerror(errno))))")
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
    let started = OSThread { [self] in
      run(fd: fd, limits: limits, log: log, keepRaw: keepRaw, canRead: canRead)
    }
    thread.withLock { $0 = started }
  }

  deinit {
    if wakeRead >= 0 { close(wakeRead) }
    if wakeWrite >= 0 { close(wakeWrite) }
  }

  /// Queues a job to run on the loop thread.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let wake = state.withLock { state -> Bool in
      state.jobs.append(job)
      return state.sleeping
    }
    if wake { signal() }
  }

  /// Lets the thread end once its queue is empty, and waits for it.
  ///
  /// Call it after the last task that prefers this executor has finished.
  package func shutdown() {
    state.withLock { $0.shutdownRequested = true }
    signal()
    thread.withLock { $0 }?.join()
  }

  private func signal() {
    guard wakeWrite >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func run(
    fd: Int32, limits: MessageLimits, log: DiagnosticLog, keepRaw: Bool, canRead: () -> Bool
  ) {
    var framer = MessageFramer(limits: limits)
    var inputOpen = true
    let chunkSize = 64 * 1024
    let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: chunkSize)
    var drain = [UInt8](repeating: 0, count: 64)
    defer {
      chunk.deallocate()
      if inputOpen { continuation.finish() }
    }
    let executor = asUnownedTaskExecutor()

    while true {
      // Run every queued job, including those the jobs queue.
      while true {
        let jobs = state.withLock { state -> [UnownedJob] in
          defer { state.jobs = [] }
          return state.jobs
        }
        if jobs.isEmpty { break }
        for job in jobs { job.runSynchronously(on: executor) }
      }

      let (stop, shutdown) = state.withLock { ($0.stopRequested, $0.shutdownRequested) }
      if stop && inputOpen {
        log.info("stopping: no more input is read")
        inputOpen = false
        continuation.finish()
      }
      if shutdown && !inputOpen { return }

      let reading = inputOpen && canRead()
      // Sleep in poll only when no job is queued; enqueue() writes to the pipe if we do.
      let mustNotSleep = state.withLock { state -> Bool in
        state.sleeping = state.jobs.isEmpty
        return !state.sleeping
      }
      var pollSet = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: reading ? fd : -1, events: Int16(POLLIN), revents: 0),
      ]
      // While input is paused, look again now and then: replies drain without waking us.
      let timeout: Int32 = mustNotSleep ? 0 : (inputOpen && !reading ? 5 : -1)
      let ready = poll(&pollSet, 2, timeout)
      state.withLock { $0.sleeping = false }
      if ready < 0 {
        if errno == EINTR { continue }
        log.error("cannot wait for input (\(String(cString: strerror(errno))))")
        return
      }
      if pollSet[0].revents != 0 {
        let count = drain.withUnsafeMutableBytes { read(wakeRead, $0.baseAddress, $0.count) }
        if count > 0, drain[0..<count].contains(TerminationSignals.marker) {
          log.info("signal received: no more input is read; finishing the requests in progress")
          state.withLock { $0.stopRequested = true }
          continue
        }
      }
      guard reading, pollSet[1].revents != 0 else { continue }

      let count = read(fd, chunk.baseAddress, chunkSize)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        log.error("cannot read the input (\(String(cString: strerror(errno))))")
        inputOpen = false
        continuation.finish()
        continue
      }
      if count == 0 {
        if let event = framer.finish() {
          continuation.yield([InboundFrame.make(event, limits: limits, log: log, keepRaw: keepRaw)])
        }
        inputOpen = false
        continuation.finish()
        continue
      }
      framer.append(UnsafeBufferPointer(rebasing: chunk[0..<count]))
      var batch: [InboundFrame] = []
      while let event = framer.next() {
        batch.append(InboundFrame.make(event, limits: limits, log: log, keepRaw: keepRaw))
      }
      if !batch.isEmpty { continuation.yield(batch) }
    }
  }
}
