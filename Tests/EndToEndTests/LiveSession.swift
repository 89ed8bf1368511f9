import Foundation
import JSON
import TestSupport

/// A `bbfan serve` against the test server, driven one request at a time.
final class LiveSession {
  let service: InteractiveService
  /// Replies read while waiting for another one (replies may come in any order).
  private var early: [JSONValue] = []

  /// Starts `bbfan serve --source SOURCE --data-dir DIRECTORY` plus `extra` options, with
  /// `environment` added to this process's.
  init(
    source: String, directory: String, extra: [String] = [], environment: [String: String] = [:]
  ) throws {
    service = try InteractiveService(
      ["serve", "--source", source, "--data-dir", directory, "--log-level", "off"] + extra,
      environment: environment)
  }

  /// Sends a request.
  func send(_ id: Int, _ method: String, _ params: String = "{}") throws {
    try service.send(
      #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n")
  }

  /// Reads messages until the reply to `id`; returns it and the notifications seen before it.
  func reply(to id: Int) throws -> (reply: JSONValue, notifications: [JSONValue]) {
    var notifications: [JSONValue] = []
    if let index = early.firstIndex(where: { $0["id"] == .integer(id) }) {
      return (early.remove(at: index), notifications)
    }
    while let line = service.readLine(timeout: 30) {
      let message = try JSONParser.parse(line)
      if message["id"] == .integer(id) { return (message, notifications) }
      if message["id"] == nil {
        notifications.append(message)
      } else {
        early.append(message)
      }
    }
    throw EndOfOutput(id: id)
  }

  /// Whether the reply to `id` has been read already, while waiting for others.
  func hasReadReply(to id: Int) -> Bool {
    early.contains { $0["id"] == .integer(id) }
  }

  /// Reads messages until a notification arrives (keeping replies for later) and returns it.
  func notification() throws -> JSONValue {
    while let line = service.readLine(timeout: 30) {
      let message = try JSONParser.parse(line)
      if message["id"] == nil { return message }
      early.append(message)
    }
    throw EndOfOutput(id: -1)
  }

  /// Sends a request and waits for its reply.
  func call(_ id: Int, _ method: String, _ params: String = "{}") throws -> JSONValue {
    try send(id, method, params)
    return try reply(to: id).reply
  }

  /// Ends the session.
  func close() throws {
    try service.closeInput()
    _ = service.waitForExit()
  }

  /// A session a failed test left open is stopped, so no process outlives its test.
  deinit {
    try? service.closeInput()
    if service.waitForExit(timeout: 5) == nil { kill(service.pid, SIGKILL) }
  }

  struct EndOfOutput: Error { var id: Int }
}

/// A suite with a test server of its own (shared by its tests, which run one at a time) and a
/// fresh data directory for each test.
protocol LiveServerSuite {
  /// The suite's test server.
  var server: FakeAPIServer { get }
  /// This test's data directory.
  var directory: String { get }
}

extension LiveServerSuite {
  /// Removes the test's data directory.
  func cleanUp() {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
