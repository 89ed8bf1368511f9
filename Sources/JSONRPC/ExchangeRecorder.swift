import JSON

/// Keeps every exchange of a connection: what came in and what went out for it.
///
/// The stdio transport's `TapeRecorder` writes them as a tape that `bbfan verify` replays.
package protocol ExchangeRecorder: Sendable {
  /// Records exchange number `sequence` (0, 1, 2… in arrival order): the message's bytes, the
  /// notifications sent while it was handled, and its reply (nil when none was due).
  ///
  /// Called once per message, from any thread, in the order the messages finish.
  func record(_ sequence: Int, raw: [UInt8], notifications: [JSONValue], reply: JSONValue?)
}
