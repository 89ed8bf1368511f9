/// One message taken off the input stream: parsed JSON, or why it could not be read.
package struct InboundFrame: Sendable {
  /// What the message held.
  package enum Content: Sendable {
    /// A JSON value, not yet checked against the JSON-RPC envelope.
    case json(JSONValue)
    /// An error to answer with id null, as nothing could be read from the message.
    case unreadable(JSONRPCError)
  }

  /// What the message held.
  package var content: Content
  /// The framing the reply must use.
  package var framing: Framing
  /// The message's bytes, kept only when the connection records a tape.
  package var raw: [UInt8]?

  /// Creates a frame.
  package init(content: Content, framing: Framing, raw: [UInt8]? = nil) {
    self.content = content
    self.framing = framing
    self.raw = raw
  }

  /// Turns a framing event into a frame: parses the JSON, or builds the error to answer.
  package init(_ event: MessageFramer.Event, limits: MessageLimits, log: DiagnosticLog) {
    switch event {
    case .message(let body, let framing):
      if log.enabled(.debug) { log.debug("-> \(String(decoding: body, as: UTF8.self))") }
      do throws(JSONParseError) {
        let value = try JSONParser.parse(body, maxDepth: limits.maxDepth)
        self.init(content: .json(value), framing: framing)
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
        self.init(content: .unreadable(reply), framing: framing)
      }
    case .oversized(let framing, let size, let atLeast):
      log.warning("skipped a message of \(atLeast ? "at least " : "")\(size) bytes")
      let reply = JSONRPCError.invalidRequest(
        reason: "too-large",
        "the message is \(atLeast ? "at least " : "")\(size) bytes, over the limit of "
          + "\(limits.maxMessageBytes) bytes; it was skipped (raise the limit with --max-message-bytes)",
        extra: JSONObject(["limit": .integer(limits.maxMessageBytes), "size": .integer(size)]))
      self.init(content: .unreadable(reply), framing: framing)
    case .badHeaders(let detail):
      log.warning("bad headers: \(detail)")
      self.init(
        content: .unreadable(.parseError("bad Content-Length framing: \(detail)")),
        framing: .contentLength)
    case .truncated(let framing, let detail):
      log.warning("truncated message: \(detail)")
      self.init(content: .unreadable(.parseError(detail)), framing: framing)
    }
  }

  /// A frame for `event`, keeping the message's bytes when `keepRaw` (for recording).
  static func make(
    _ event: MessageFramer.Event, limits: MessageLimits, log: DiagnosticLog, keepRaw: Bool
  )
    -> InboundFrame
  {
    var frame = InboundFrame(event, limits: limits, log: log)
    if keepRaw, case .message(let body, _) = event { frame.raw = body }
    return frame
  }
}
