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

  private let router: any Router
  /// The bounds on messages, batches and what waits in memory.
  package let limits: MessageLimits
  /// The diagnostics log.
  package let log: DiagnosticLog
  private let errorMapper: @Sendable (any Error) -> JSONRPCError
  /// Runs groups of user-state requests whose routes share a commit; nil: each runs alone.
  private let commitScope: CommitScope?
  /// Whether a request the client cancelled is still answered (-32800).
  private let answersCancelled: Bool
  private let registry = InFlightRegistry()
  private let arrivals = Atomic<UInt64>(0)
  /// Set when the grace period after a termination signal is over: requests that have not
  /// started yet are cancelled.
  private let stopped = Atomic<Bool>(false)
  /// The signal of requests that cannot be cancelled (they are answered before a cancellation
  /// could be read).
  private static let neverCancelled = CancellationSignal()

  /// Creates a connection serving `router`'s methods.
  ///
  /// The router decides, per call, what answers it and how it is scheduled. `errorMapper` turns
  /// an error thrown by a handler (other than a `JSONRPCError`, which is sent as it is, and
  /// cancellation) into the error the client sees. A request the client cancels is answered
  /// -32800, unless `answersCancelled` is false (MCP: "SHOULD NOT send a response for the
  /// cancelled request"); then nothing is sent for it.
  ///
  /// User-state requests whose routes share a commit (`Route.sharesCommit`) and are queued
  /// together run as one group inside `commitScope`, and are answered once it has returned (see
  /// `CommitScope`); without one, each runs alone.
  package init(
    router: some Router, limits: MessageLimits = MessageLimits(),
    log: DiagnosticLog = DiagnosticLog(),
    answersCancelled: Bool = true,
    commitScope: CommitScope? = nil,
    errorMapper: @escaping @Sendable (any Error) -> JSONRPCError
  ) {
    self.router = router
    self.limits = limits
    self.log = log
    self.answersCancelled = answersCancelled
    self.commitScope = commitScope
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

    // A group's replies go out together.
    let lane = OrderedLane(commitScope: commitScope, gate: gate) { answers in
      transport.cork()
      answers()
      transport.uncork()
    }
    await withDiscardingTaskGroup { lanes in
      // The user-state lane runs on the global executor, never holding the loop up, and without
      // a task executor preference: with one, every return from an actor (the store's) would be
      // a job enqueued on that executor, and a thread woken, where without one the lane's thread
      // goes on at once.
      lanes.addTask { await lane.run() }
      await serveFrames(
        input: input, transport: transport, lane: lane, inFlight: inFlight, gate: gate,
        recorder: recorder)
      log.info("end of input; finishing the requests in progress")
      lane.finish()
    }
    transport.close()
    log.info("all replies written; exiting")
  }

  /// Dispatches the frames `input` delivers until they end; the quick requests of each group run
  /// on the transport's executor before the next group is taken.
  private func serveFrames(
    input: TransportInput, transport: some Transport, lane: OrderedLane,
    inFlight: InFlightCounter, gate: @escaping Gate, recorder: (any ExchangeRecorder)?
  ) async {
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
            let framing = frame.framing
            let sequence = arrivals
            arrivals += 1
            let notes = recorder.map { _ in NotificationLog() }
            let later = NotificationLog()
            let raw = frame.raw ?? []
            switch frame.content {
            case .unreadable(let error, let id):
              let reply = Response.failure(id: id, error: error)
              transport.send(reply, framing: framing)
              // A message skipped for its size or framing has no text to replay: not recorded.
              if frame.raw != nil {
                recorder?.record(sequence, raw: raw, notifications: [], reply: reply)
              }
              inFlight.remove()
            case .json(let message):
              dispatch(
                message, group: &group, lane: lane, quick: &quick, gate: gate,
                hasRoom: { transport.hasRoom },
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
                  recorder?.record(
                    sequence, raw: raw, notifications: notes?.all ?? [], reply: reply)
                  inFlight.remove()
                })
            }
          }
          await Self.run(quick)
          transport.uncork()
        }
      }
    }
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
    await withDiscardingTaskGroup { group in
      let lane = OrderedLane(commitScope: commitScope)
      group.addTask(executorPreference: globalConcurrentExecutor) { await lane.run() }
      var quick: [Job] = []
      dispatch(
        message, group: &group, lane: lane, quick: &quick, gate: {}, hasRoom: { true }, send: send,
        later: { later.append($0) }
      ) { value in
        reply.withLock { $0 = value }
      }
      for job in quick { await job() }
      lane.finish()
    }
    for notification in later.take() { (afterReply ?? send)(notification) }
    return reply.withLock { $0 }
  }

  // MARK: - Dispatch

  private func dispatch(
    _ message: JSONValue, group: inout DiscardingTaskGroup, lane: OrderedLane, quick: inout [Job],
    gate: @escaping Gate, hasRoom: @escaping @Sendable () -> Bool,
    send: @escaping @Sendable (JSONValue) -> Void,
    later: @escaping @Sendable (JSONValue) -> Void,
    completion: @escaping @Sendable (JSONValue?) -> Void
  ) {
    guard case .array(let elements) = message else {
      dispatchSingle(
        message, group: &group, lane: lane, quick: &quick, gate: gate, hasRoom: hasRoom,
        send: send, later: later, completion: completion)
      return
    }
    if elements.isEmpty {
      completion(
        Response.failure(
          id: .null,
          error: .invalidRequest(
            reason: "empty-batch", "an empty array is not a batch; send at least one request in it")
        ))
      return
    }
    if elements.count > limits.maxBatchLength {
      completion(
        Response.failure(
          id: .null,
          error: .invalidRequest(
            reason: "batch-too-long",
            "the batch has \(elements.count) elements, over the limit of \(limits.maxBatchLength); "
              + "split it or raise the limit with --max-batch",
            extra: JSONObject([
              "limit": .integer(limits.maxBatchLength), "size": .integer(elements.count),
            ]))))
      return
    }
    let collector = BatchCollector(count: elements.count, completion: completion)
    for (index, element) in elements.enumerated() {
      dispatchSingle(
        element, group: &group, lane: lane, quick: &quick, gate: gate, hasRoom: hasRoom,
        send: send, later: later
      ) {
        collector.set(index, $0)
      }
    }
  }

  /// Checks one message, routes it, and starts it as its route says: quick concurrent calls are
  /// added to `quick`, to run to
  /// completion on the loop right after (a task each would cost more than they do, and no
  /// cancellation can be read while they run); long-running ones get a task on the global
  /// executor; user-state ones go to the ordered lane, in arrival order.
  ///
  /// Each waits for `gate` before it starts (a group sharing a commit, before the group). A call
  /// whose result is kept (`Route.kept`) is answered at once instead, when no quick call read
  /// before it is still to run (its reply would overtake theirs) and `hasRoom` says replies may
  /// be sent.
  private func dispatchSingle(
    _ message: JSONValue, group: inout DiscardingTaskGroup, lane: OrderedLane, quick: inout [Job],
    gate: @escaping Gate, hasRoom: @escaping @Sendable () -> Bool,
    send: @escaping @Sendable (JSONValue) -> Void,
    later: @escaping @Sendable (JSONValue) -> Void,
    completion: @escaping @Sendable (JSONValue?) -> Void
  ) {
    let id: RequestID?
    let name: String
    let params: JSONValue?
    switch IncomingMessage(message) {
    case .invalid(let invalidID, let error):
      log.warning("invalid request: \(error.message)")
      completion(Response.failure(id: invalidID, error: error))
      return
    case .notification(let method, let notificationParams):
      (id, name, params) = (nil, method, notificationParams)
    case .request(let requestID, let method, let requestParams):
      (id, name, params) = (requestID, method, requestParams)
    }

    if let member = Self.cancelMethods[name] {
      let error = cancel(params: params, member: member)
      if let error, id == nil { log.warning("\(name): \(error.message)") }
      completion(
        id.map { id in
          error.map { Response.failure(id: id, error: $0) }
            ?? Response.success(id: id, result: .null)
        })
      return
    }
    // progressToken is taken out before routing, so that the router sees the params the handler
    // will; a bad one is reported after an unknown method, though.
    var callParams = params
    var progressToken: JSONValue?
    var tokenError: JSONRPCError?
    if case .object(var object)? = params, let token = object["progressToken"] {
      switch token {
      case .string, .number:
        progressToken = id == nil ? nil : token
        object.remove("progressToken")
        callParams = .object(object)
      default:
        tokenError = .invalidParams(
          field: "progressToken",
          problem: "must be a string or a number, not \(token.kindDescription)")
      }
    }
    guard let route = router.route(name: name, params: callParams) else {
      if let id {
        completion(
          Response.failure(
            id: id,
            error: .methodNotFound(
              name, suggestion: router.suggestion(for: name), listedBy: router.listedBy)))
      } else {
        log.warning("notification for unknown method \"\(name)\" ignored")
        completion(nil)
      }
      return
    }
    if let tokenError {
      if id == nil { log.warning("\(name): \(tokenError.message)") }
      completion(id.map { Response.failure(id: $0, error: tokenError) })
      return
    }

    let runsInline = route.runsInline
    if runsInline, quick.isEmpty, let kept = route.kept?(callParams), hasRoom() {
      // Nothing to run: no job, no context, no task switch.
      arrivals.add(1, ordering: .relaxed)
      completion(id.map { Response.success(id: $0, result: kept) })
      return
    }
    let registered = runsInline ? nil : id
    let signal = registered.map { registry.register($0) } ?? Self.neverCancelled
    let finalParams = callParams
    let sequence = arrivals.add(1, ordering: .relaxed).oldValue
    let context = RequestContext(
      id: id, method: name, sequence: sequence, log: log, signal: signal,
      progressToken: progressToken, sendNotification: send, sendAfterReply: later)
    let answer: @Sendable (Result<JSONValue, JSONRPCError>) -> Void = { [self] outcome in
      if let registered { registry.remove(registered, signal) }
      guard let id else {
        if case .failure(let error) = outcome {
          log.warning("notification \(name) failed: \(error.message)")
        }
        completion(nil)
        return
      }
      switch outcome {
      case .success(let result): completion(Response.success(id: id, result: result))
      case .failure where !answersCancelled && signal.isCancelled: completion(nil)
      case .failure(let error): completion(Response.failure(id: id, error: error))
      }
    }
    if route.scheduling == .userState, route.sharesCommit {
      // Answered once its group's commit is known: with its own outcome, or the commit's error.
      // The lane waits for the gate before the group, never inside its commit.
      lane.enqueue(sharing: { [self] in
        let outcome = await execute(route, params: finalParams, context: context)
        return { commitFailure in
          answer(commitFailure.map { .failure(self.jsonRPCError(for: $0)) } ?? outcome)
        }
      })
      return
    }
    let job: @Sendable () async -> Void = { [self] in
      await gate()
      answer(await execute(route, params: finalParams, context: context))
    }
    if runsInline {
      quick.append(job)
    } else if route.scheduling == .userState {
      lane.enqueue(job)
    } else {
      group.addTask(executorPreference: globalConcurrentExecutor) { await job() }
    }
  }

  /// A request's work, from decoding its params to handing its reply over.
  typealias Job = @Sendable () async -> Void

  /// What a request waits for before it starts (room for its reply).
  typealias Gate = @Sendable () async -> Void

  /// Runs the quick requests of one read on the loop thread; a burst of dear ones is split over
  /// both cores (half of what is left on the global executor), since they are independent of
  /// each other.
  ///
  /// Whether they are dear is measured on the first few: cheap ones (a few microseconds, such as
  /// `service.info`) all stay on the loop, where handing half over (a task, another thread
  /// taking turns at the writer) would cost more than it saves, and the other core is better
  /// left to the client, which must read what they write.
  private static func run(_ jobs: [Job]) async {
    guard jobs.count >= 64 else {
      for job in jobs { await job() }
      return
    }
    let probe = 16
    let clock = ContinuousClock()
    let started = clock.now
    for job in jobs[..<probe] { await job() }
    let rest = jobs[probe...]
    guard started.duration(to: clock.now) >= splitThreshold * probe else {
      for job in rest { await job() }
      return
    }
    let half = rest.startIndex + rest.count / 2
    let tail = Array(rest[half...])
    await withDiscardingTaskGroup { group in
      group.addTask(executorPreference: globalConcurrentExecutor) {
        for job in tail { await job() }
      }
      for job in rest[..<half] { await job() }
    }
  }

  /// The time a quick request must take, on average, for a burst of them to be split over both
  /// cores.
  private static let splitThreshold = Duration.microseconds(10)

  private func cancel(params: JSONValue?, member: String) -> JSONRPCError? {
    guard let value = params?[member] else {
      return .invalidParams(field: member, problem: "is required: the id of the request to cancel")
    }
    guard let target = RequestID(value) else {
      return .invalidParams(
        field: member, problem: "must be a string or a number, not \(value.kindDescription)")
    }
    if !registry.cancel(target) {
      log.debug("cancellation of \(target) ignored: no such request in progress")
    }
    return nil
  }

  private func execute(
    _ route: Route, params: JSONValue?, context: RequestContext
  ) async -> Result<JSONValue, JSONRPCError> {
    let signal = context.signal
    if signal.isCancelled || stopped.load(ordering: .relaxed) {
      return .failure(.requestCancelled())
    }
    switch route.scheduling {
    case .userState:
      return await run(route, params: params, context: context)
    case .concurrent where !route.isLongRunning:
      let outcome = await run(route, params: params, context: context)
      return signal.isCancelled ? .failure(.requestCancelled()) : outcome
    case .concurrent:
      let outcome = await withTaskGroup(of: Result<JSONValue, JSONRPCError>?.self) { race in
        race.addTask { await self.run(route, params: params, context: context) }
        race.addTask {
          await signal.wait()
          return nil
        }
        let first = await race.next() ?? nil
        race.cancelAll()
        return first
      }
      guard let outcome, !signal.isCancelled else { return .failure(.requestCancelled()) }
      return outcome
    }
  }

  private func run(
    _ route: Route, params: JSONValue?, context: RequestContext
  ) async -> Result<JSONValue, JSONRPCError> {
    do {
      return .success(try await route.invoke(params, context))
    } catch {
      return .failure(jsonRPCError(for: error))
    }
  }

  /// The error a request is answered with for `error`: a `JSONRPCError` as it is, -32800 for
  /// cancellation, else what the error mapper makes of it.
  private func jsonRPCError(for error: any Error) -> JSONRPCError {
    switch error {
    case let error as JSONRPCError: error
    case is CancellationError: .requestCancelled()
    default: errorMapper(error)
    }
  }
}
