import JSON
import JSONRPC
import POSIXSupport
import Synchronization

/// Appends every exchange of a connection to a JSON Lines tape, in arrival order.
///
/// Each line is `{"send": RAW, "expect": REPLY-OR-NULL, "notifications": [...]}`, the last
/// member only when the service sent notifications for the message. `bbfan verify` replays
/// such tapes.
package final class TapeRecorder: ExchangeRecorder {
  private struct State {
    var next = 0
    var ready: [Int: [UInt8]] = [:]
  }

  private let fd: Int32
  private let state = Mutex(State())

  /// Appends to the file at `path`, creating it (0600) if needed.
  ///
  /// A tape holds what was sent, passwords included, so the path must name a regular file of
  /// the effective user: a symbolic link is refused, never followed (`O_NOFOLLOW`; links in the
  /// folders above it are followed as usual), and so are directories, FIFOs, devices, sockets
  /// and files of other users (checked with `fstat` on the opened file, so nothing can be
  /// swapped in between). An existing tape that others may read is made 0600.
  package init(path: String) throws(TapeRecorderError) {
    // O_NONBLOCK: opening a FIFO must not wait for a reader; it is refused below anyway.
    let fd = open(
      path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard fd >= 0 else {
      let code = errno
      throw TapeRecorderError(path: path, reason: Self.reason(openError: code))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw TapeRecorderError(path: path, reason: reason)
    }
    var problem: String?
    if info.st_mode & S_IFMT != S_IFREG {
      problem = Self.notRegular
    } else if info.st_uid != geteuid() {
      problem =
        "it belongs to another user (uid \(info.st_uid)); a tape holds passwords, so bbfan "
        + "only records into a file of its own user"
    } else if info.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
      problem =
        "it can be read by others and cannot be made 0600 (\(String(cString: strerror(errno))))"
    } else if fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 {
      problem = String(cString: strerror(errno))
    }
    if let problem {
      close(fd)
      throw TapeRecorderError(path: path, reason: problem)
    }
    self.fd = fd
  }

  private static let notRegular =
    "it is not a regular file; a tape must be a regular file (or a path where one can be created)"

  /// Why `open(2)` failed, in words that say what to do.
  private static func reason(openError code: Int32) -> String {
    switch code {
    case ELOOP:
      "it is a symbolic link, and bbfan does not follow links for a tape (a tape holds passwords); "
        + "give the path of the file itself"
    case EISDIR, ENXIO: notRegular
    default: String(cString: strerror(code))
    }
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
