import JSONRPC
import POSIXSupport
import Synchronization

/// One thread that reads the input and runs the connection's tasks: a task executor with an
/// event loop, so that a request is read, handled and answered without waking another thread.
///
/// The thread polls the input and a wake-up pipe. It frames and parses what it reads and
/// delivers the messages through `frames`, grouped per read; the task consuming them prefers
/// this executor, so it runs on this thread right after the read. Messages are not handed
/// over while `canTake` says no (too many in progress, or too many reply bytes waiting for the
/// client); bytes go on being read ahead meanwhile, up to `maxPendingInputBytes`, so that a
/// client may write far more than it reads before it starts reading, and then input is not read
/// either. That keeps memory bounded however far a client pipelines ahead.
///
/// When `StopTrigger.marker` arrives on its wake-up pipe (written by whoever holds the trigger,
/// such as `bbfan`'s SIGTERM handler) it stops reading, calls `signalled`, and calls
/// `graceExpired` once the grace period has passed (if it is still running then).
package final class ConnectionLoop: TaskExecutor, @unchecked Sendable {
  /// What the loop asks and tells its connection.
  package struct Hooks: Sendable {
    /// Asked before messages are handed over: whether the connection can take more now.
    package var canTake: @Sendable () -> Bool
    /// Told how many messages are about to be handed over.
    package var willHandOver: @Sendable (Int) -> Void = { _ in }
    /// Told that a termination signal has arrived (on the loop thread).
    package var signalled: @Sendable () -> Void = {}
    /// Told that the grace period after the signal has passed (on the loop thread).
    package var graceExpired: @Sendable () -> Void = {}

    /// Hooks with `canTake`, doing nothing on the other events.
    package init(canTake: @escaping @Sendable () -> Bool) {
      self.canTake = canTake
    }
  }

  private struct State {
    var jobs: [UnownedJob] = []
    var sleeping = false
    var stopRequested = false
    var shutdownRequested = false
  }

  /// The messages in arrival order, grouped per read; the stream ends at end of input or when
  /// the `StopTrigger`'s marker arrives on the wake-up pipe.
  package let frames: AsyncStream<[InboundFrame]>
  private let continuation: AsyncStream<[InboundFrame]>.Continuation
  private let state = Mutex(State())
  private let wakeRead: Int32
  /// The write end of the wake-up pipe; a `StopTrigger` writes its marker byte there.
  let wakeWrite: Int32
  private let thread = Mutex<OSThread?>(nil)
  /// The most bytes one read(2) takes, and about how much input one delivery covers.
  private static let chunkSize = 64 * 1024

  /// Starts the loop on `fd`; `gracePeriod` is how long after a termination signal
  /// `hooks.graceExpired` is called.
  package init(
    fd: Int32, limits: MessageLimits, log: DiagnosticLog, keepRaw: Bool = false,
    gracePeriod: Duration = .seconds(1), hooks: Hooks
  ) {
    (frames, continuation) = AsyncStream.makeStream(of: [InboundFrame].self)
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 {
      log.error("cannot create the wake-up pipe (\(String(cString: strerror(errno))))")
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
    let started = OSThread { [self] in
      run(
        Settings(
          fd: fd, limits: limits, log: log, keepRaw: keepRaw, grace: gracePeriod, hooks: hooks))
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

  /// What the loop thread was started with.
  private struct Settings {
    let fd: Int32
    let limits: MessageLimits
    let log: DiagnosticLog
    let keepRaw: Bool
    let grace: Duration
    let hooks: Hooks
  }

  /// The loop thread's own state: the input's framer and where reading and delivering stand.
  private struct Reading {
    var framer: MessageFramer
    var inputOpen = true
    /// read(2) returned 0; the stream ends once the framer's bytes are delivered.
    var inputEnded = false
    /// The framer may hold messages that have not been delivered.
    var undelivered = false
    var signalSeen = false
    var spin = SpinPolicy()
    var graceDeadline: ContinuousClock.Instant?
    /// The buffer each read(2) of the input fills (freed by `run`).
    let chunk: UnsafeMutableBufferPointer<UInt8>
    /// The buffer the wake-up pipe is emptied into.
    var drain = [UInt8](repeating: 0, count: 64)
    /// The wake-up pipe and the input, as poll(2) is asked about them (reused every turn).
    var pollSet: [pollfd]

    init(limits: MessageLimits, wakeRead: Int32) {
      framer = MessageFramer(limits: limits)
      chunk = .allocate(capacity: ConnectionLoop.chunkSize)
      pollSet = [
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        pollfd(fd: -1, events: Int16(POLLIN), revents: 0),
      ]
    }

    /// Whether to read the input now: messages are taken from it only while the connection has
    /// room for them, but bytes go on being read ahead meanwhile, up to a bound, so that a client
    /// may write much more than it reads before it starts reading.
    func wantsInput(taking: Bool, limits: MessageLimits) -> Bool {
      inputOpen && !inputEnded
        && ((taking && !undelivered) || framer.bufferedBytes < limits.maxPendingInputBytes)
    }
  }

  /// What one wait in poll(2) came to.
  private enum Wakeup {
    /// Something is ready, or the timeout passed.
    case ready
    /// A signal interrupted the wait: the turn starts again.
    case interrupted
    /// poll(2) failed: the loop ends.
    case failed
  }

  /// The loop thread: each turn runs the queued jobs, hands over what the connection has room
  /// for, waits in poll(2), then takes a wake-up or reads the input.
  private func run(_ settings: Settings) {
    var reading = Reading(limits: settings.limits, wakeRead: wakeRead)
    defer {
      reading.chunk.deallocate()
      if reading.inputOpen { continuation.finish() }
    }
    let executor = asUnownedTaskExecutor()

    while true {
      runQueuedJobs(on: executor)
      if stopReadingOrShutDown(&reading, settings) { return }
      endGraceIfDue(&reading, settings)
      let taking = deliverWhileThereIsRoom(&reading, settings)
      let wantsInput = reading.wantsInput(taking: taking, limits: settings.limits)
      switch waitForEvents(&reading, taking: taking, wantsInput: wantsInput, settings) {
      case .failed: return
      case .interrupted: continue
      case .ready: break
      }
      if reading.pollSet[0].revents != 0, takeWakeUp(&reading, settings) { continue }
      guard wantsInput, reading.pollSet[1].revents != 0 else { continue }
      readInput(&reading, settings)
    }
  }

  /// Runs every queued job, including those the jobs queue.
  private func runQueuedJobs(on executor: UnownedTaskExecutor) {
    while true {
      let jobs = state.withLock { state -> [UnownedJob] in
        defer { state.jobs = [] }
        return state.jobs
      }
      if jobs.isEmpty { return }
      for job in jobs { job.runSynchronously(on: executor) }
    }
  }

  /// Ends the stream once a stop was asked (a signal); returns whether the loop is done (a
  /// shutdown was asked and no input is taken any more).
  private func stopReadingOrShutDown(_ reading: inout Reading, _ settings: Settings) -> Bool {
    let (stop, shutdown) = state.withLock { ($0.stopRequested, $0.shutdownRequested) }
    if stop && reading.inputOpen {
      settings.log.info("stopping: no more input is read")
      reading.inputOpen = false
      continuation.finish()
    }
    return shutdown && !reading.inputOpen
  }

  /// Tells the connection once the grace period after a signal has passed.
  private func endGraceIfDue(_ reading: inout Reading, _ settings: Settings) {
    guard let deadline = reading.graceDeadline, ContinuousClock.now >= deadline else { return }
    reading.graceDeadline = nil
    settings.log.info("the grace period after the signal is over")
    settings.hooks.graceExpired()
  }

  /// Hands over buffered messages while the connection has room for them (and ends the stream
  /// once the ended input is all delivered); returns whether the connection takes messages now.
  private func deliverWhileThereIsRoom(_ reading: inout Reading, _ settings: Settings) -> Bool {
    let taking = reading.inputOpen && settings.hooks.canTake()
    if taking && reading.undelivered {
      reading.undelivered = deliver(&reading.framer, ended: reading.inputEnded, settings)
      if reading.inputEnded && !reading.undelivered {
        reading.inputOpen = false
        continuation.finish()
      }
    }
    return taking
  }

  /// Waits in poll(2) for the wake-up pipe or the input (without sleeping while a job is queued
  /// or there is more to hand over, and at most until the grace period ends).
  private func waitForEvents(
    _ reading: inout Reading, taking: Bool, wantsInput: Bool, _ settings: Settings
  ) -> Wakeup {
    // Still through poll (without sleeping while there is more to hand over), so that a
    // signal is seen between two deliveries of a long backlog.
    let moreToTake = taking && reading.undelivered
    // Sleep in poll only when no job is queued; enqueue() writes to the pipe if we do.
    let mustNotSleep = state.withLock { state -> Bool in
      state.sleeping = state.jobs.isEmpty
      return !state.sleeping
    }
    reading.pollSet[0].revents = 0
    reading.pollSet[1] = pollfd(
      fd: wantsInput ? settings.fd : -1, events: Int16(POLLIN), revents: 0)
    // While messages are held back, look again now and then: replies drain without waking us.
    var timeout: Int32 = mustNotSleep || moreToTake ? 0 : (reading.inputOpen && !taking ? 5 : -1)
    if let deadline = reading.graceDeadline {
      timeout = Self.capped(timeout, at: deadline)
    }
    // About to sleep: if the client has been answering quickly, look without sleeping for a
    // short while first, so that its next message is read without a wake-up (see SpinPolicy).
    var ready: Int32 = 0
    let idleSince = ContinuousClock.now
    if timeout != 0, let limit = reading.spin.limit {
      ready = Self.spinPoll(&reading.pollSet, until: idleSince + limit)
    }
    if ready == 0 { ready = poll(&reading.pollSet, 2, timeout) }
    if ready > 0, timeout != 0 { reading.spin.idled(idleSince.duration(to: .now)) }
    state.withLock { $0.sleeping = false }
    guard ready < 0 else { return .ready }
    if errno == EINTR { return .interrupted }
    settings.log.error("cannot wait for input (\(String(cString: strerror(errno))))")
    return .failed
  }

  /// `timeout` (milliseconds, -1 for none) shortened so that the wait ends by `deadline`.
  private static func capped(_ timeout: Int32, at deadline: ContinuousClock.Instant) -> Int32 {
    let left = ContinuousClock.now.duration(to: deadline).components
    let milliseconds = left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000 + 1
    let capped = Int32(clamping: max(0, milliseconds))
    return timeout < 0 ? capped : min(timeout, capped)
  }

  /// Empties the wake-up pipe; on a termination signal's marker, stops reading, starts the
  /// grace period and tells the connection, and returns true (the turn starts again).
  private func takeWakeUp(_ reading: inout Reading, _ settings: Settings) -> Bool {
    let count = reading.drain.withUnsafeMutableBytes { read(wakeRead, $0.baseAddress, $0.count) }
    guard count > 0, reading.drain[0..<count].contains(StopTrigger.marker) else {
      return false
    }
    settings.log.info("told to stop: no more input is read; finishing the requests in progress")
    state.withLock { $0.stopRequested = true }
    if !reading.signalSeen {
      reading.signalSeen = true
      reading.graceDeadline = .now + settings.grace
      settings.hooks.signalled()
    }
    return true
  }

  /// Reads one chunk of the input into the framer; at end of input, what is buffered is still
  /// delivered, then the stream ends.
  private func readInput(_ reading: inout Reading, _ settings: Settings) {
    let count = read(settings.fd, reading.chunk.baseAddress, Self.chunkSize)
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { return }
      settings.log.error("cannot read the input (\(String(cString: strerror(errno))))")
      reading.inputOpen = false
      continuation.finish()
      return
    }
    if count == 0 {
      reading.inputEnded = true
    } else {
      reading.framer.append(UnsafeBufferPointer(rebasing: reading.chunk[0..<count]))
    }
    reading.undelivered = true
  }

  /// Polls without sleeping until something is ready or `deadline` passes, yielding the core
  /// between looks (so a client on the same core runs); returns what poll(2) last returned.
  private static func spinPoll(_ pollSet: inout [pollfd], until deadline: ContinuousClock.Instant)
    -> Int32
  {
    while true {
      let ready = poll(&pollSet, 2, 0)
      if ready != 0 || ContinuousClock.now >= deadline { return ready }
      sched_yield()
    }
  }

  /// Delivers the messages of about one read's worth of buffered input (and, at the end of
  /// input, whatever the framer makes of its last bytes); returns whether some may be left.
  private func deliver(_ framer: inout MessageFramer, ended: Bool, _ settings: Settings) -> Bool {
    let (limits, log, keepRaw) = (settings.limits, settings.log, settings.keepRaw)
    let before = framer.bufferedBytes
    var batch: [InboundFrame] = []
    var more = true
    while before - framer.bufferedBytes < Self.chunkSize {
      guard let event = framer.next() else {
        more = false
        break
      }
      batch.append(InboundFrame.make(event, limits: limits, log: log, keepRaw: keepRaw))
    }
    if !more && ended, let event = framer.finish() {
      batch.append(InboundFrame.make(event, limits: limits, log: log, keepRaw: keepRaw))
    }
    if !batch.isEmpty {
      settings.hooks.willHandOver(batch.count)
      continuation.yield(batch)
    }
    return more
  }
}
