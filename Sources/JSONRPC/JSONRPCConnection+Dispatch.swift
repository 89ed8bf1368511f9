import JSON

extension JSONRPCConnection {
  /// Where the messages of one read are started: the ordered calls' queue, the quick calls
  /// gathered to run once the read is dispatched, the tasks of long-running ones.
  struct Intake {
    /// The scheduler's queue for ordered calls.
    let queue: any CallQueue
    /// What a call waits for before it starts (room for its reply).
    let gate: Gate
    /// Whether replies may be sent right now.
    let hasRoom: @Sendable () -> Bool
  }

  /// Where one message's notifications and reply go.
  struct Outlets {
    /// Sends a notification at once (progress).
    let send: @Sendable (JSONValue) -> Void
    /// Keeps a notification for after the message's reply.
    let later: @Sendable (JSONValue) -> Void
    /// Takes the reply (nil: none is due).
    let completion: @Sendable (JSONValue?) -> Void
    /// The connection's channel for notifications no request leads to; nil without one.
    var push: PushChannel? = nil

    /// The same outlets with another completion (a batch element's).
    func completing(with completion: @escaping @Sendable (JSONValue?) -> Void) -> Outlets {
      Outlets(send: send, later: later, completion: completion, push: push)
    }
  }

  /// Starts a message (a request, a notification or a batch) as `dispatchSingle` does each.
  func dispatch(
    _ message: JSONValue, group: inout DiscardingTaskGroup, intake: Intake, quick: inout [Job],
    outlets: Outlets
  ) {
    let completion = outlets.completion
    guard case .array(let elements) = message else {
      dispatchSingle(message, group: &group, intake: intake, quick: &quick, outlets: outlets)
      return
    }
    if let refusal = batchRefusal(count: elements.count) {
      completion(Response.failure(id: .null, error: refusal))
      return
    }
    let collector = BatchCollector(count: elements.count, completion: completion)
    for (index, element) in elements.enumerated() {
      dispatchSingle(
        element, group: &group, intake: intake, quick: &quick,
        outlets: outlets.completing { collector.set(index, $0) })
    }
  }

  /// Why a batch of `count` elements is refused as a whole; nil when it is not.
  func batchRefusal(count: Int) -> JSONRPCError? {
    if count == 0 {
      return .invalidRequest(
        reason: "empty-batch", "an empty array is not a batch; send at least one request in it")
    }
    guard count > limits.maxBatchLength else { return nil }
    return .invalidRequest(
      reason: "batch-too-long",
      "the batch has \(count) elements, over the limit of \(limits.maxBatchLength); "
        + "split it or raise the limit with --max-batch",
      extra: JSONObject(["limit": .integer(limits.maxBatchLength), "size": .integer(count)]))
  }

  /// Checks one message, routes it, and starts it as its route says (see `start`); a message
  /// that cannot be started (invalid, a cancellation, an unknown method, a bad progress token)
  /// is answered at once.
  func dispatchSingle(
    _ message: JSONValue, group: inout DiscardingTaskGroup, intake: Intake, quick: inout [Job],
    outlets: Outlets
  ) {
    let id: RequestID?
    let name: String
    let params: JSONValue?
    switch IncomingMessage(message) {
    case .invalid(let invalidID, let error):
      log.warning("invalid request: \(error.message)")
      outlets.completion(Response.failure(id: invalidID, error: error))
      return
    case .notification(let method, let notificationParams):
      (id, name, params) = (nil, method, notificationParams)
    case .request(let requestID, let method, let requestParams):
      (id, name, params) = (requestID, method, requestParams)
    }
    if let member = Self.cancelMethods[name] {
      outlets.completion(cancellation(id: id, name: name, params: params, member: member))
      return
    }
    // progressToken is taken out before routing, so that the router sees the params the handler
    // will; a bad one is reported after an unknown method, though.
    let (callParams, progressToken, tokenError) = Self.takingProgressToken(from: params, id: id)
    guard let route = router.route(name: name, params: callParams) else {
      outlets.completion(unknownMethod(id: id, name: name))
      return
    }
    if let tokenError {
      if id == nil { log.warning("\(name): \(tokenError.message)") }
      outlets.completion(id.map { Response.failure(id: $0, error: tokenError) })
      return
    }
    let call = Call(
      id: id, name: name, params: callParams, progressToken: progressToken, route: route)
    start(call, group: &group, intake: intake, quick: &quick, outlets: outlets)
  }

  /// A routed call, ready to start.
  struct Call {
    let id: RequestID?
    let name: String
    let params: JSONValue?
    let progressToken: JSONValue?
    let route: Route
  }

  /// The reply to a cancellation notification or request (nil for a notification).
  func cancellation(id: RequestID?, name: String, params: JSONValue?, member: String)
    -> JSONValue?
  {
    let error = cancel(params: params, member: member)
    if let error, id == nil { log.warning("\(name): \(error.message)") }
    return id.map { id in
      error.map { Response.failure(id: id, error: $0) } ?? Response.success(id: id, result: .null)
    }
  }

  /// The reply to a call of a method nobody answers (nil for a notification, which is logged).
  func unknownMethod(id: RequestID?, name: String) -> JSONValue? {
    guard let id else {
      log.warning("notification for unknown method \(BriefQuote.quoted(name)) ignored")
      return nil
    }
    return Response.failure(
      id: id,
      error: .methodNotFound(
        name, suggestion: router.suggestion(for: name), listedBy: router.listedBy))
  }

  /// `params` without `progressToken`, the token (for a request; a notification's is dropped),
  /// and the error a token of the wrong type is answered with.
  static func takingProgressToken(from params: JSONValue?, id: RequestID?)
    -> (params: JSONValue?, token: JSONValue?, error: JSONRPCError?)
  {
    guard case .object(var object)? = params, let token = object["progressToken"] else {
      return (params, nil, nil)
    }
    switch token {
    case .string, .number:
      object.remove("progressToken")
      return (.object(object), id == nil ? nil : token, nil)
    default:
      let error = JSONRPCError.invalidParams(
        field: "progressToken",
        problem: "must be a string or a number, not \(token.kindDescription)")
      return (params, nil, error)
    }
  }

  /// Starts a routed call as its route says: a quick concurrent call is added to `quick`, to run
  /// to completion on the loop right after (a task each would cost more than they do, and no
  /// cancellation can be read while they run); an expensive one gets a task that runs it on the
  /// scheduler's expensive lane; a long-running one gets a task on the global executor; an
  /// ordered one goes to the scheduler's queue, which runs it when its policy says.
  ///
  /// Each waits for the gate before it starts (the queue decides when for ordered ones). A call
  /// whose route has a ready result is answered at once instead, when no quick call read before
  /// it is still to run (its reply would overtake theirs) and replies may be sent.
  func start(
    _ call: Call, group: inout DiscardingTaskGroup, intake: Intake, quick: inout [Job],
    outlets: Outlets
  ) {
    let route = call.route
    let runsInline = route.runsInline
    if runsInline, quick.isEmpty, let ready = route.readyResult?(call.params), intake.hasRoom() {
      // Nothing to run: no job, no context, no task switch.
      arrivals.add(1, ordering: .relaxed)
      outlets.completion(call.id.map { Response.success(id: $0, result: ready) })
      return
    }
    let registered = runsInline ? nil : call.id
    let signal = registered.map { registry.register($0) } ?? Self.neverCancelled
    let context = RequestContext(
      id: call.id, method: call.name, sequence: arrivals.add(1, ordering: .relaxed).oldValue,
      log: log, signal: signal, progressToken: call.progressToken,
      sendNotification: outlets.send, sendAfterReply: outlets.later, push: outlets.push)
    let answer = answering(call, registered: registered, signal: signal, outlets: outlets)
    let params = call.params
    if let key = route.scheduling.orderingKey {
      intake.queue.enqueue(
        OrderedCall(
          key: key,
          run: { [self] scope in
            var context = context
            context.queueScope = scope
            return await execute(route, params: params, context: context)
          },
          answer: answer))
      return
    }
    let gate = intake.gate
    if route.runsOnExpensiveLane {
      // Off the loop, so the calls read after it do not wait for it; the scheduler bounds how
      // many run at once. It waits for room for its reply before it takes its place there.
      let scheduler = self.scheduler
      group.addTask(executorPreference: globalConcurrentExecutor) { [self] in
        await gate()
        await scheduler.runExpensive {
          answer(await execute(route, params: params, context: context))
        }
      }
      return
    }
    let job: Job = { [self] in
      await gate()
      answer(await execute(route, params: params, context: context))
    }
    if runsInline {
      quick.append(job)
    } else {
      group.addTask(executorPreference: globalConcurrentExecutor) { await job() }
    }
  }

  /// What turns a call's outcome into its reply: none for a notification (a failure is logged),
  /// none for a cancelled request when cancelled requests go unanswered.
  func answering(
    _ call: Call, registered: RequestID?, signal: CancellationSignal, outlets: Outlets
  ) -> @Sendable (Result<JSONValue, JSONRPCError>) -> Void {
    let (id, name, completion) = (call.id, call.name, outlets.completion)
    return { [self] outcome in
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
  }

  /// A request's work, from decoding its params to handing its reply over.
  typealias Job = QuickCall

  /// What a request waits for before it starts (room for its reply).
  typealias Gate = @Sendable () async -> Void

  func cancel(params: JSONValue?, member: String) -> JSONRPCError? {
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
}
