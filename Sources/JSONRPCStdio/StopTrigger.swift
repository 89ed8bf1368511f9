import POSIXSupport

/// What stops a stdio transport from reading, from outside it: one marker byte written to its
/// loop's wake-up pipe.
///
/// The transport handles no signal itself; the executable that composes it decides what stops
/// it (SIGTERM and SIGINT for `bbfan`) and writes `marker` to `descriptor`, which is
/// async-signal-safe, or calls `stop()`. Reading then stops at once, the requests already read
/// go on, and their replies are written for the transport's grace period.
package struct StopTrigger: Sendable {
  /// The byte that stops the reading.
  package static let marker: UInt8 = 0x54

  /// The write end of the loop's wake-up pipe.
  package let descriptor: Int32

  /// Stops the reading (from a thread; a signal handler writes `marker` to `descriptor`).
  package func stop() {
    var byte = Self.marker
    _ = write(descriptor, &byte, 1)
  }
}
