#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(
          stream.rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
