import JSON

extension InboundFrame {
  /// Turns a framing event into a frame: parses the JSON, or builds the error to answer.
  package init(_ event: MessageFramer.Event, limits: MessageLimits, log: DiagnosticLog) {
    switch event {
    case .message(let body, let framing):
      self.init(body: body, framing: framing, limits: limits, log: log)
    case .oversized(let framing, let size, let atLeast, let id):
      log.warning("skipped a message of \(atLeast ? "at least " : "")\(size) bytes")
      let reply = JSONRPCError.invalidRequest(
        reason: "too-large",
        "the message is \(atLeast ? "at least " : "")\(size) bytes, over the limit of "
          + "\(limits.maxMessageBytes) bytes; it was skipped (raise the limit with --max-message-bytes)",
        extra: JSONObject(["limit": .integer(limits.maxMessageBytes), "size": .integer(size)]))
      self.init(content: .unreadable(reply, id: id), framing: framing)
    case .badHeaders(let detail):
      log.warning("bad headers: \(detail)")
      self.init(
        content: .unreadable(.parseError("bad Content-Length framing: \(detail)"), id: .null),
        framing: .contentLength)
    case .truncated(let framing, let detail):
      log.warning("truncated message: \(detail)")
      self.init(content: .unreadable(.parseError(detail), id: .null), framing: framing)
    }
  }

  /// A frame for `event`, keeping the message's bytes when `keepRaw` (for recording).
  package static func make(
    _ event: MessageFramer.Event, limits: MessageLimits, log: DiagnosticLog, keepRaw: Bool
  )
    -> InboundFrame
  {
    var frame = InboundFrame(event, limits: limits, log: log)
    if keepRaw, case .message(let body, _) = event { frame.raw = body }
    return frame
  }
}
