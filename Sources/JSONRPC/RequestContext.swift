import JSON

/// What a handler knows about the request it is serving, and how it talks back while it runs.
package struct RequestContext: Sendable {
  /// The request's id; nil for a notification.
  package let id: RequestID?
  /// The method name as received.
  package let method: String
  /// The request's place in the order of arrival on its connection (0, 1, 2, …): a stable seed
  /// for per-request randomness, whatever thread the request runs on.
  package let sequence: UInt64
  /// The diagnostics log.
  package let log: DiagnosticLog
  let signal: CancellationSignal
  let progressToken: JSONValue?
  let sendNotification: @Sendable (JSONValue) -> Void
  let sendAfterReply: @Sendable (JSONValue) -> Void
  /// The connection's channel for notifications no request leads to (news of changes made
  /// elsewhere), which lives as long as the connection; nil when the request is answered
  /// without one (a one-shot call).
  package let push: PushChannel?
  /// What the connection's queue runs this request within, opaque to the connection: the
  /// scheduler's queue sets it (`OrderedCall.run`'s scope) and the server's handler reads it
  /// (the service's writes sharing a commit find their group's handle here); nil otherwise.
  package var queueScope: (any Sendable)?

  /// Creates a context; the connection does this for every request.
  ///
  /// `sendAfterReply` sends a notification once the request's reply is out (with
  /// `sendNotification` when nil).
  package init(
    id: RequestID?, method: String, sequence: UInt64 = 0, log: DiagnosticLog,
    signal: CancellationSignal = CancellationSignal(),
    progressToken: JSONValue? = nil,
    sendNotification: @escaping @Sendable (JSONValue) -> Void = { _ in },
    sendAfterReply: (@Sendable (JSONValue) -> Void)? = nil, push: PushChannel? = nil
  ) {
    self.push = push
    self.id = id
    self.method = method
    self.sequence = sequence
    self.log = log
    self.signal = signal
    self.progressToken = progressToken
    self.sendNotification = sendNotification
    self.sendAfterReply = sendAfterReply ?? sendNotification
  }

  /// A context for running another method on this request's behalf (as MCP's `tools/call` runs
  /// the method a tool names): the same id, cancellation, notification channel and queue scope, under
  /// `method`, reporting progress with `progressToken`.
  package func delegating(to method: String, progressToken: JSONValue?) -> RequestContext {
    var context = RequestContext(
      id: id, method: method, sequence: sequence, log: log, signal: signal,
      progressToken: progressToken, sendNotification: sendNotification,
      sendAfterReply: sendAfterReply, push: push)
    context.queueScope = queueScope
    return context
  }

  /// Sends the notification `method` with `params` to the client while the request runs.
  package func notify(method: String, params: JSONValue) {
    sendNotification(Response.notification(method: method, params: params))
  }

  /// Sends the notification `method` with `params` to the client once this request's reply is
  /// out (after the whole batch's, for a request in a batch): news the reply leads to.
  package func notifyAfterReply(method: String, params: JSONValue) {
    sendAfterReply(Response.notification(method: method, params: params))
  }

  /// Whether the client has cancelled this request.
  package var isCancelled: Bool { signal.isCancelled || Task.isCancelled }

  /// Throws `CancellationError` when the client has cancelled this request.
  package func checkCancellation() throws {
    if isCancelled { throw CancellationError() }
  }

  /// Whether the client asked for progress notifications (its params carried `progressToken`).
  package var wantsProgress: Bool { progressToken != nil }

  /// Sends `notifications/progress` with `progress` (rising), an optional `total` and `message`;
  /// does nothing when the request carried no `progressToken`.
  package func reportProgress(_ progress: Double, total: Double? = nil, message: String? = nil) {
    guard let progressToken, progress.isFinite else { return }
    var params = JSONObject(["progressToken": progressToken, "progress": number(progress)])
    if let total, total.isFinite { params.set("total", number(total)) }
    if let message { params.set("message", .string(message)) }
    sendNotification(
      Response.notification(method: "notifications/progress", params: .object(params)))
  }

  private func number(_ value: Double) -> JSONValue {
    if value.rounded() == value, abs(value) < 1e15 { return .integer(Int64(value)) }
    return .number(value.description)
  }
}
