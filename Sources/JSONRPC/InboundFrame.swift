import JSON

/// One message taken off the input stream: parsed JSON, or why it could not be read.
package struct InboundFrame: Sendable {
  /// What the message held.
  package enum Content: Sendable {
    /// A JSON value, not yet checked against the JSON-RPC envelope.
    case json(JSONValue)
    /// An error to answer, as the message could not be parsed; `id` is the message's own id
    /// where it could still be read (a message too large to parse), else null.
    case unreadable(JSONRPCError, id: RequestID)
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

  /// Parses one message body: its JSON, or the error to answer when it is not JSON or nests
  /// deeper than `limits.maxDepth`.
  package init(body: [UInt8], framing: Framing, limits: MessageLimits, log: DiagnosticLog) {
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
      self.init(content: .unreadable(reply, id: .null), framing: framing)
    }
  }
}
