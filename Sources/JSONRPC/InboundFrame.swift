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
}
