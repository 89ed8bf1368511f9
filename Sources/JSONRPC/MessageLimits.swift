/// The bounds that keep a misbehaving client from exhausting the service.
package struct MessageLimits: Sendable, Equatable {
  /// The largest message accepted, in bytes (framing headers aside).
  package var maxMessageBytes: Int = 16 * 1024 * 1024
  /// The deepest nesting of arrays and objects accepted.
  package var maxDepth: Int = 64
  /// The most elements a batch may have.
  package var maxBatchLength: Int = 1000
  /// How many messages may be in progress before the service stops reading input for a while.
  package var maxInFlight: Int = 1024
  /// How many reply bytes may wait for the client to read them before input is paused.
  package var maxPendingOutputBytes: Int = 16 * 1024 * 1024
  /// How many bytes of input are read ahead, not yet taken as messages, while replies wait for
  /// the client (or too many messages are in progress).
  package var maxPendingInputBytes: Int = 16 * 1024 * 1024
  /// The largest block of `Content-Length` framing headers accepted, in bytes.
  package var maxHeaderBytes: Int = 8 * 1024

  /// The default limits.
  package init() {}
}
