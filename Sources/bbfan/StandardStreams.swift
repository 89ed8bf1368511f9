import POSIXSupport

/// Whole-line writes to stdout and stderr with `write(2)`, for the command-line modes.
enum StandardStreams {
  /// Which stream.
  enum Stream: Int32 {
    /// Standard output.
    case output = 1
    /// Standard error.
    case error = 2
  }

  /// Writes `text` and a newline.
  static func writeLine(_ text: String, to stream: Stream) {
    POSIXIO.writeAll(stream.rawValue, Array((text + "\n").utf8))
  }
}
