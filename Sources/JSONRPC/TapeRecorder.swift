import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends every exchange of a connection to a JSON Lines tape, in arrival order.
///
/// Each line is `{"send": RAW, "expect": REPLY-OR-NULL, "notifications": [...]}`, the last
/// member only when the service sent notifications for the message. `bbfan verify` replays
/// such tapes.
package final class TapeRecorder: Sendable {
  private struct State {
    var next = 0
    var ready: [Int: [UInt8]] = [:]
  }

  private let fd: Int32
  private let state = Mutex(State())

  /// Appends to the file at `path`, creating it (0600) if needed.
  package init(path: String) throws(TapeRecorderError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw TapeRecorderError(path: path, reason: String(cString: strerror(errno)))
    }
    self.fd = fd
  }

  deinit {
    close(fd)
  }

  /// Records exchange number `sequence` (0, 1, 2… in arrival order); lines are written as soon
  /// as every earlier exchange has been written.
  package func record(_ sequence: Int, raw: [UInt8], notifications: [JSONValue], reply: JSONValue?)
  {
    var line = JSONObject([
      "send": .string(String(decoding: raw, as: UTF8.self)), "expect": reply ?? .null,
    ])
    if !notifications.isEmpty { line.set("notifications", .array(notifications)) }
    var bytes = JSONValue.object(line).serializedBytes
    bytes.append(UInt8(ascii: "\n"))
    let writable = state.withLock { state -> [UInt8] in
      state.ready[sequence] = bytes
      var out: [UInt8] = []
      while let next = state.ready.removeValue(forKey: state.next) {
        out += next
        state.next += 1
      }
      return out
    }
    if !writable.isEmpty { POSIXIO.writeAll(fd, writable) }
  }
}

/// The tape file could not be opened.
package struct TapeRecorderError: Error, Sendable, CustomStringConvertible {
  /// The path.
  package var path: String
  /// Why.
  package var reason: String

  /// `cannot open PATH for recording: REASON`.
  package var description: String { "cannot open \(path) for recording: \(reason)" }
}

/// The notifications sent while one message was handled, for the tape.
final class NotificationLog: Sendable {
  private let entries = Mutex<[JSONValue]>([])

  func append(_ notification: JSONValue) {
    entries.withLock { $0.append(notification) }
  }

  var all: [JSONValue] { entries.withLock { $0 } }
}
