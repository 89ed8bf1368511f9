import JSON
import JSONRPC
import POSIXSupport
import Synchronization

/// The transport of a pair of file descriptors (stdin and stdout by default): framed messages
/// read by a `ConnectionLoop`, replies written by an `OutputWriter`.
///
/// The loop thread is also the task executor the connection dispatches on, so a quick request
/// is read, handled and answered on one thread. Both bounds hold: messages are not taken while
/// the connection has too many in progress or too many reply bytes wait for the client.
///
/// It handles no signal: once open, it hands its `StopSource` the `StopTrigger` that stops it,
/// and the executable decides what pulls it (SIGTERM and SIGINT for `bbfan`). Then it stops reading at
/// once; replies are written for `gracePeriod` more. After that, unsent output is dropped and
/// the connection is told (`TransportHooks.graceExpired`).
package final class StdioTransport: Transport {
  private let input: Int32
  private let limits: MessageLimits
  private let log: DiagnosticLog
  private let keepRaw: Bool
  private let stopSource: (any StopSource)?
  private let gracePeriod: Duration
  private let writer: OutputWriter
  private let loop = Mutex<ConnectionLoop?>(nil)

  /// Creates the transport; the writer's thread starts now, the reading on `open`.
  ///
  /// With `keepRaw`, every frame keeps its bytes (for a recorder). `stopSource` gets the
  /// trigger that stops the reading while the transport is open.
  package init(
    input: Int32 = 0, output: Int32 = 1, limits: MessageLimits, log: DiagnosticLog,
    keepRaw: Bool = false, gracePeriod: Duration = .seconds(1), stopSource: (any StopSource)? = nil
  ) {
    signal(SIGPIPE, SIG_IGN)
    self.input = input
    self.limits = limits
    self.log = log
    self.keepRaw = keepRaw
    self.stopSource = stopSource
    self.gracePeriod = gracePeriod
    writer = OutputWriter(fd: output, limit: limits.maxPendingOutputBytes, log: log)
    for (fd, name) in [(input, "input"), (output, "output")] {
      if let size = POSIXIO.widenPipe(fd) { log.debug("\(name) pipe buffer: \(size) bytes") }
    }
  }

  /// Starts the loop thread on the input, and hands out the trigger that stops it.
  package func open(_ hooks: TransportHooks) -> TransportInput {
    let writer = writer
    let gracePeriod = gracePeriod
    var loopHooks = ConnectionLoop.Hooks { writer.hasRoom && hooks.canTake() }
    loopHooks.willHandOver = hooks.willHandOver
    loopHooks.signalled = { writer.beginGracePeriod(gracePeriod) }
    loopHooks.graceExpired = {
      writer.dropUnsent()
      hooks.graceExpired()
    }
    let started = ConnectionLoop(
      fd: input, limits: limits, log: log, keepRaw: keepRaw, gracePeriod: gracePeriod,
      hooks: loopHooks)
    loop.withLock { $0 = started }
    stopSource?.start(StopTrigger(descriptor: started.wakeWrite))
    return TransportInput(frames: started.frames, executor: started)
  }

  /// Queues the messages for the writer, as one run.
  package func send(_ messages: [JSONValue], framing: Framing) {
    writer.send(messages, framing: framing)
  }

  /// Holds replies back, so that a burst goes out in one `write(2)`.
  package func cork() {
    writer.cork()
  }

  /// Writes what was held back.
  package func uncork() {
    writer.uncork()
  }

  /// Whether the replies waiting for the client are under `MessageLimits.maxPendingOutputBytes`.
  package var hasRoom: Bool { writer.hasRoom }

  /// Returns once the replies waiting for the client are back under the bound.
  package func waitForRoom() async {
    await writer.waitForRoom()
  }

  /// Takes the trigger back from the stop source, stops the loop thread, writes what is queued
  /// and stops the writer thread.
  package func close() {
    stopSource?.end()
    loop.withLock { $0 }?.shutdown()
    writer.close()
  }
}
