import JSON
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

  /// Writes `value`'s compact JSON text and a newline, from its bytes as they are serialized:
  /// a reply of a few dozen kilobytes (a Rick and Morty list) is not also made into a string,
  /// checked as UTF-8 and copied twice more on its way out.
  static func writeLine(_ value: JSONValue, to stream: Stream) {
    var bytes = value.serializedBytes
    bytes.append(UInt8(ascii: "\n"))
    POSIXIO.writeAll(stream.rawValue, bytes)
  }
}
