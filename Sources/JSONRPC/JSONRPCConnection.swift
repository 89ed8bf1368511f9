import JSON
import Synchronization

/// Serves JSON-RPC 2.0 over a `Transport`.
///
/// It owns the envelope, batches, scheduling, cancellation and progress, and knows nothing of
/// what the methods do (its `Router` does) nor of bytes and file descriptors (its transport
/// does; `JSONRPCStdio` serves stdin and stdout).
package final class JSONRPCConnection: Sendable {
  /// The notification methods that cancel a request, and the params member naming its id.
  package static let cancelMethods = [
    "$/cancelRequest": "id", "notifications/cancelled": "requestId",
  ]

  let router: any Router
  /// The bounds on messages, batches and what waits in memory.
  package let limits: MessageLimits
  /// The diagnostics log.
  package let log: DiagnosticLog
  let errorMapper: @Sendable (any Error) -> JSONRPCError
  /// When ordered calls and bursts of quick ones run: the server's policy.
  let scheduler: any CallScheduler
  /// Whether a request the client cancelled is still answered (-32800).
  let answersCancelled: Bool
  /// Runs beside the connection while it serves (its notifications' source, such as a watch of
  /// changes), cancelled once the connection has answered everything.
  let companion: (@Sendable () async -> Void)?
  /// Turns the notifications pushed to the client into what is written (see `PushChannel`).
  let rewritingPushes: (@Sendable ([JSONValue]) -> [JSONValue])?
  let registry = InFlightRegistry()
  let arrivals = Atomic<UInt64>(0)
  /// Set when the grace period after a termination signal is over: requests that have not
  /// started yet are cancelled.
  let stopped = Atomic<Bool>(false)
  /// The signal of requests that cannot be cancelled (they are answered before a cancellation
  /// could be read).
  static let neverCancelled = CancellationSignal()

  /// Creates a connection serving `router`'s methods.
  ///
  /// The router decides, per call, what answers it and how it is scheduled. `errorMapper` turns
  /// an error thrown by a handler (other than a `JSONRPCError`, which is sent as it is, and
  /// cancellation) into the error the client sees. A request the client cancels is answered
  /// -32800, unless `answersCancelled` is false (MCP: "SHOULD NOT send a response for the
  /// cancelled request"); then nothing is sent for it.
  ///
  /// Ordered calls (`Scheduling.ordered`) go to the queue `scheduler` makes, which runs them
  /// when its policy says; quick calls read together run as it says too.
  ///
  /// The notifications pushed to the client (`RequestContext.push`) pass through
  /// `rewritingPushes` when it is given, as a connection of another protocol over JSON-RPC
  /// translates them.
  package init(
    router: some Router, limits: MessageLimits = MessageLimits(),
    log: DiagnosticLog = DiagnosticLog(),
    answersCancelled: Bool = true,
    scheduler: some CallScheduler = ArrivalOrderScheduler(),
    companion: (@Sendable () async -> Void)? = nil,
    rewritingPushes: (@Sendable ([JSONValue]) -> [JSONValue])? = nil,
    errorMapper: @escaping @Sendable (any Error) -> JSONRPCError
  ) {
    self.companion = companion
    self.rewritingPushes = rewritingPushes
    self.router = router
    self.limits = limits
    self.log = log
    self.answersCancelled = answersCancelled
    self.scheduler = scheduler
    self.errorMapper = errorMapper
  }

  /// Serves the messages `transport` delivers until they end, lets every request in progress
  /// finish, sends every reply, closes the transport and returns.
  ///
  /// Each group of frames is dispatched with the transport corked, and the quick requests among
  /// them run to completion right away, on the transport's executor when it has one; so their
  /// replies go out together. When `recorder` is given, every exchange is recorded (the
  /// transport must keep each frame's `raw` bytes for it).
  ///
  /// When the transport says the grace period after a termination signal is over
  /// (`TransportHooks.graceExpired`), requests that have not started are dropped unanswered,
  /// long-running ones are stopped as by a cancellation, and it returns as soon as the ones
  /// running are done.
  package func serve(over transport: some Transport, recorder: (any ExchangeRecorder)? = nil)
    async
  {
    let inFlight = InFlightCounter(limit: limits.maxInFlight)
    // Counted as the transport hands them over, so that messages not yet dispatched count too.
    let hooks = TransportHooks(
      canTake: { inFlight.hasRoom }, willHandOver: { inFlight.add($0) },
      graceExpired: { [self] in
        stopped.store(true, ordering: .relaxed)
        registry.cancelAll()
      })
    let input = transport.open(hooks)
    // A request starts only while the replies waiting for the client are under the bound, so the
    // bound also covers the replies of requests already read.
    let gate: Gate = {
      if !transport.hasRoom { await transport.waitForRoom() }
    }
    log.info("serving; limits: \(limits.maxMessageBytes) bytes a message, depth \(limits.maxDepth)")

    // A run of replies the queue delivers together goes out together.
    let queue = scheduler.makeQueue(
      CallEnvironment(
        gate: gate,
        deliver: { answers in
          transport.cork()
          answers()
          transport.uncork()
        }, error: { [self] in jsonRPCError(for: $0) }))
    // Notifications no request led to (`RequestContext.push`), written whenever there is room.
    let push = PushChannel(rewrite: rewritingPushes)
    await withDiscardingTaskGroup { beside in
      beside.addTask { await push.run(over: transport) }
      if let companion { beside.addTask { await companion() } }
      await withDiscardingTaskGroup { queues in
        // The ordered calls' queue runs on the global executor, never holding the loop up, and
        // without a task executor preference: with one, every return from an actor (the
        // store's) would be a job enqueued on that executor, and a thread woken, where without
        // one the queue's thread goes on at once.
        queues.addTask { await queue.run() }
        await serveFrames(
          input: input, transport: transport, queue: queue, inFlight: inFlight, gate: gate,
          recorder: recorder, push: push)
        log.info("end of input; finishing the requests in progress")
        queue.finish()
      }
      push.close()
      beside.cancelAll()
    }
    transport.close()
    log.info("all replies written; exiting")
  }

  /// Dispatches the frames `input` delivers until they end; the quick requests of each group run
  /// on the transport's executor before the next group is taken.
  private func serveFrames(
    input: TransportInput, transport: some Transport, queue: any CallQueue,
    inFlight: InFlightCounter, gate: @escaping Gate, recorder: (any ExchangeRecorder)?,
    push: PushChannel
  ) async {
    let intake = Intake(queue: queue, gate: gate, hasRoom: { transport.hasRoom })
    // The transport's executor (the stdio loop thread) runs this task and the quick requests;
    // long-running requests run on the global executor so that they never hold the loop up.
    await withTaskExecutorPreference(input.executor) {
      await withDiscardingTaskGroup { group in
        var arrivals = 0
        for await frames in input.frames {
          transport.cork()
          var quick: [Job] = []
          for frame in frames {
            // Past the grace period, what has not started is dropped unanswered.
            if stopped.load(ordering: .relaxed) {
              inFlight.remove()
              continue
            }
            let sequence = arrivals
            arrivals += 1
            switch frame.content {
            case .unreadable(let error, let id):
              answerUnreadable(
                frame, id: id, error: error, sequence: sequence, transport: transport,
                recorder: recorder)
              inFlight.remove()
            case .json(let message):
              push.framing = frame.framing
              var outlets = frameOutlets(
                frame, sequence: sequence, transport: transport, recorder: recorder,
                inFlight: inFlight)
              outlets.push = push
              dispatch(message, group: &group, intake: intake, quick: &quick, outlets: outlets)
            }
          }
          await scheduler.runQuick(quick)
          transport.uncork()
        }
        // What lasts as long as the client talks ends now, before its requests are waited for.
        push.endInput()
      }
    }
  }

  /// Answers a frame that holds no JSON message (too large, badly framed, not JSON).
  private func answerUnreadable(
    _ frame: InboundFrame, id: RequestID, error: JSONRPCError, sequence: Int,
    transport: some Transport, recorder: (any ExchangeRecorder)?
  ) {
    let reply = Response.failure(id: id, error: error)
    transport.send(reply, framing: frame.framing)
    // A message skipped for its size or framing has no text to replay: not recorded.
    if let raw = frame.raw {
      recorder?.record(sequence, raw: raw, notifications: [], reply: reply)
    }
  }

  /// Where a frame's notifications and reply go: to the transport in its framing (the reply and
  /// the notifications meant for after it as one run), to the recorder, and off the in-flight
  /// count once answered.
  private func frameOutlets(
    _ frame: InboundFrame, sequence: Int, transport: some Transport,
    recorder: (any ExchangeRecorder)?, inFlight: InFlightCounter
  ) -> Outlets {
    let framing = frame.framing
    let raw = frame.raw ?? []
    let notes = recorder.map { _ in NotificationLog() }
    let later = NotificationLog()
    return Outlets(
      send: { notification in
        transport.send(notification, framing: framing)
        notes?.append(notification)
      },
      later: { later.append($0) },
      completion: { reply in
        let after = later.take()
        // One run: a client that answers the reply at once reads the news first.
        let run = (reply.map { [$0] } ?? []) + after
        if !run.isEmpty { transport.send(run, framing: framing) }
        for notification in after { notes?.append(notification) }
        recorder?.record(sequence, raw: raw, notifications: notes?.all ?? [], reply: reply)
        inFlight.remove()
      })
  }

  /// Answers one message (a request, a notification or a batch) as `serve` would, without I/O.
  ///
  /// Returns nil where no reply is due. For one-shot use (`bbfan call`) and tests. Notifications
  /// meant for after the reply go to `afterReply` once the message is answered (to `send` when
  /// it is nil).
  package func respond(
    to message: JSONValue, send: @escaping @Sendable (JSONValue) -> Void = { _ in },
    afterReply: (@Sendable (JSONValue) -> Void)? = nil
  )
    async -> JSONValue?
  {
    let reply = Mutex<JSONValue?>(nil)
    let later = NotificationLog()
    // A one-shot answer's connection ends with it: what it subscribes to is dropped on return.
    let push = PushChannel(rewrite: rewritingPushes)
    await withDiscardingTaskGroup { group in
      let queue = scheduler.makeQueue(CallEnvironment(error: { [self] in jsonRPCError(for: $0) }))
      // On the caller's task executor when it has one (`bbfan call` runs its request on one
      // thread), else on the global one.
      group.addTask { await queue.run() }
      var quick: [Job] = []
      let outlets = Outlets(
        send: send, later: { later.append($0) },
        completion: { value in reply.withLock { $0 = value } }, push: push)
      dispatch(
        message, group: &group, intake: Intake(queue: queue, gate: {}, hasRoom: { true }),
        quick: &quick, outlets: outlets)
      // The message is the whole input.
      push.endInput()
      await scheduler.runQuick(quick)
      queue.finish()
    }
    push.close()
    for notification in later.take() { (afterReply ?? send)(notification) }
    return reply.withLock { $0 }
  }
}
