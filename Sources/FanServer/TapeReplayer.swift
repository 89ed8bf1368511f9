import JSON
import JSONRPC
import POSIXSupport
import Synchronization

/// Replays a tape (JSON Lines of `{"send": RAW, "expect": REPLY-OR-NULL, "notifications"?}`,
/// as `bbfan serve --record` writes them, and `{"restart": true}` lines that start a new
/// service on the same data directory) against a fresh
/// service and reports every reply that differs, with the first place it differs.
///
/// Exchanges are replayed one at a time, in the tape's order, on one connection (so random
/// draws with a fixed seed come out the same). Replies are compared byte for byte after
/// `ReplyComparison`'s rule for values that differ from run to run.
package struct TapeReplayer {
  /// One reply that is not what the tape says.
  package struct Mismatch: Sendable, Equatable {
    /// The tape's line number (from 1).
    package var line: Int
    /// What was sent.
    package var sent: String
    /// What the tape expects (null for no reply).
    package var expected: JSONValue
    /// What came back (null for no reply).
    package var actual: JSONValue
    /// Where they first differ, such as `result.episodes[2].title`, and how.
    package var difference: String
  }

  /// Why a tape could not be replayed at all.
  package struct TapeError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, with the line.
    package var description: String
  }

  private let configuration: ServiceConfiguration
  private let makeService: @Sendable (ServiceConfiguration) throws -> FanService

  /// A replayer whose services run with `configuration` (each tape gets a fresh data directory),
  /// each made by `makeService` (the executable's composition; without HTTP by default).
  package init(
    configuration: ServiceConfiguration,
    makeService: @escaping @Sendable (ServiceConfiguration) throws -> FanService = {
      try FanService(configuration: $0)
    }
  ) {
    self.configuration = configuration
    self.makeService = makeService
  }

  /// Replays `text`; returns the mismatches (none when the tape holds).
  package func replay(_ text: String) async throws -> [Mismatch] {
    let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var directoryTemplate = Array("\(temporary)/bbfan-verify-XXXXXX".utf8CString)
    guard
      let directory = directoryTemplate.withUnsafeMutableBufferPointer({ buffer -> String? in
        guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return nil }
        return String(cString: made)
      })
    else {
      throw TapeError(
        description: "cannot make a temporary data directory: \(String(cString: strerror(errno)))")
    }
    defer { Self.remove(directory) }
    var configuration = self.configuration
    configuration.dataDirectory = directory
    var service = try makeService(configuration)
    var connection = service.makeConnection()
    let limits = configuration.limits

    var mismatches: [Mismatch] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let number = index + 1
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      let entry: JSONValue
      do throws(JSONParseError) {
        entry = try JSONParser.parse(String(line))
      } catch {
        throw TapeError(description: "line \(number) is not JSON: \(error)")
      }
      if entry["restart"] == .bool(true) {
        // A restart: a new service on the same data directory, as after the process ended.
        service = try makeService(configuration)
        connection = service.makeConnection()
        continue
      }
      guard let sent = entry["send"]?.stringValue else {
        throw TapeError(
          description: "line \(number) has neither a \"send\" string nor \"restart\": true")
      }
      // The notifications are compared too when the tape lists them.
      var expected = entry["expect"] ?? .null
      let (answer, notifications) = await reply(
        to: sent, connection: connection, limits: limits, log: service.log)
      var actual = answer ?? .null
      if let listed = entry["notifications"] {
        expected = .object(JSONObject(["notifications": listed, "reply": expected]))
        actual = .object(JSONObject(["notifications": .array(notifications), "reply": actual]))
      }
      let normalizedExpected = ReplyComparison.normalized(expected)
      let normalizedActual = ReplyComparison.normalized(actual)
      if normalizedExpected != normalizedActual {
        mismatches.append(
          Mismatch(
            line: number, sent: sent, expected: expected, actual: actual,
            difference: Self.firstDifference(normalizedExpected, normalizedActual, path: "")
              ?? "(differs)"))
      }
    }
    return mismatches
  }

  /// The reply the service gives to one raw message, as it would over stdin, and the
  /// notifications sent while it was handled.
  private func reply(
    to raw: String, connection: JSONRPCConnection, limits: MessageLimits, log: DiagnosticLog
  )
    async -> (reply: JSONValue?, notifications: [JSONValue])
  {
    let bytes = Array(raw.utf8)
    let event: MessageFramer.Event =
      bytes.count > limits.maxMessageBytes
      ? .oversized(
        .newlineDelimited, size: bytes.count, atLeast: false, id: MessageIDScanner.id(in: bytes))
      : .message(bytes, .newlineDelimited)
    switch InboundFrame(event, limits: limits, log: log).content {
    case .unreadable(let error, let id):
      return (Response.failure(id: id, error: error), [])
    case .json(let message):
      let notifications = Collected()
      let reply = await connection.respond(to: message) { notifications.append($0) }
      return (reply, notifications.all)
    }
  }

  /// Notifications gathered while one message is handled.
  private final class Collected: Sendable {
    private let values = Mutex<[JSONValue]>([])
    func append(_ value: JSONValue) { values.withLock { $0.append(value) } }
    var all: [JSONValue] { values.withLock { $0 } }
  }

  /// Where two values first differ, as a path and a phrase; nil when they are equal.
  static func firstDifference(_ expected: JSONValue, _ actual: JSONValue, path: String) -> String? {
    let here = path.isEmpty ? "(the reply)" : path
    switch (expected, actual) {
    case (.object(let left), .object(let right)):
      for member in left.members {
        let child = path.isEmpty ? member.key : "\(path).\(member.key)"
        guard let other = right[member.key] else { return "\(child): expected, but missing" }
        if let difference = firstDifference(member.value, other, path: child) { return difference }
      }
      if let extra = right.members.first(where: { left[$0.key] == nil }) {
        return "\(path.isEmpty ? extra.key : "\(path).\(extra.key)"): not expected, but present"
      }
      if left.keys != right.keys { return "\(here): the members come in another order" }
      return nil
    case (.array(let left), .array(let right)):
      for (position, pair) in zip(left, right).enumerated() {
        if let difference = firstDifference(pair.0, pair.1, path: "\(path)[\(position)]") {
          return difference
        }
      }
      return left.count == right.count
        ? nil : "\(here): expected \(left.count) elements, got \(right.count)"
    default:
      return expected == actual
        ? nil
        : "\(here): expected \(expected.serializedText.prefix(120)), got \(actual.serializedText.prefix(120))"
    }
  }

  private static func remove(_ directory: String) {
    if let handle = opendir(directory) {
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { unlink(directory + "/" + name) }
      }
      closedir(handle)
    }
    rmdir(directory)
  }
}
