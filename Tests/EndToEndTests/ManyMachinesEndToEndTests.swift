import Foundation
import JSON
import TestSupport
import Testing

/// Eight bbfan processes, each with a data directory of its own (eight machines), sharing one
/// PostgreSQL server started by the test.
@Suite(
  "Many machines, one PostgreSQL", .serialized, .timeLimit(.minutes(5)),
  .enabled(if: Prerequisite.postgres.isAvailable))
struct ManyMachinesEndToEndTests {
  static let machines = 8
  /// Every quote id of the Breaking Bad catalog that the toggles use.
  static let quotes = Array(1...30) + Array(63...102)

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private func arguments(_ directory: String, _ url: String) -> [String] {
    ["--data-dir", directory, "--database", url, "--log-level", "off", "--password-cost", "1000"]
  }

  @Test(
    "users register on one machine and act on another; every count and top-3 is exact everywhere")
  func countsAreExact() async throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let url = server.url
    let directories = (0..<Self.machines).map { _ in ServiceProcess.temporaryDataDirectory() }
    defer {
      for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }
    // Each machine registers one user.
    var tokens: [String] = []
    for machine in 0..<Self.machines {
      let replies = try ServiceProcess.run(
        arguments(directories[machine], url),
        lines: [
          request(
            1, "auth.register",
            #"{"username":"fan\#(machine)","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
          )
        ]
      ).repliesByID()
      tokens.append(try #require(replies[1]?["result"]?["token"]?.stringValue, "\(replies)"))
    }
    // Machine m toggles for the user of machine m+1, with that user's token, pipelined: user u
    // toggles every quote whose index is not a multiple of u + 2, and toggles some twice (off
    // again).
    var expected: [Int: Int] = [:]
    var plans: [[String]] = []
    for machine in 0..<Self.machines {
      let user = (machine + 1) % Self.machines
      var lines: [String] = []
      var id = 0
      for (index, quote) in Self.quotes.enumerated() {
        guard index % (user + 2) != 0 else { continue }
        id += 1
        lines.append(
          request(id, "favorites.toggle", #"{"quoteId":\#(quote),"token":"\#(tokens[user])"}"#))
        if index % 7 == 0 {
          id += 1
          lines.append(
            request(id, "favorites.toggle", #"{"quoteId":\#(quote),"token":"\#(tokens[user])"}"#))
        } else {
          expected[quote, default: 0] += 1
        }
      }
      plans.append(lines)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for machine in 0..<Self.machines {
        let lines = plans[machine]
        let arguments = arguments(directories[machine], url)
        group.addTask {
          let replies = try await ServiceProcess.running(arguments, lines: lines).repliesByID()
          #expect(replies.count == lines.count)
          #expect(
            replies.values.allSatisfy { $0["result"] != nil },
            "\(replies.values.first { $0["error"] != nil } ?? .null)")
        }
      }
      try await group.waitForAll()
    }
    let top3 = expected.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(3)
    for machine in 0..<Self.machines {
      let replies = try ServiceProcess.run(
        arguments(directories[machine], url),
        lines: [
          request(1, "favorites.top", #"{"limit":3,"token":"\#(tokens[machine])"}"#),
          request(2, "favorites.top", #"{"limit":100,"token":"\#(tokens[machine])"}"#),
          request(3, "service.info"),
        ]
      ).repliesByID()
      let top = replies[1]?["result"]?["quotes"]?.arrayValue ?? []
      #expect(top.map { number($0["id"]) ?? 0 } == top3.map(\.key), "machine \(machine)")
      #expect(top.map { number($0["favoriteCount"]) ?? 0 } == top3.map(\.value))
      let all = replies[2]?["result"]?["quotes"]?.arrayValue ?? []
      var counts: [Int: Int] = [:]
      for quote in all {
        counts[number(quote["id"]) ?? 0] = number(quote["favoriteCount"]) ?? 0
      }
      #expect(counts == expected, "machine \(machine)")
      #expect(replies[3]?["result"]?["storage"]?["kind"] == .string("postgres"))
      let location = replies[3]?["result"]?["storage"]?["location"]?.stringValue ?? ""
      #expect(location.hasPrefix("postgres://"))
    }
  }

  @Test(
    "a PostgreSQL restart mid-run: unavailable during the outage, recovered after, no acknowledged write lost"
  )
  func outage() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let service = try InteractiveService(["serve"] + arguments(directory, server.url))
    defer { _ = service.waitForExit(timeout: 1) }
    func call(_ id: Int, _ method: String, _ params: String = "{}") throws -> JSONValue {
      try service.send(request(id, method, params) + "\n")
      let line = try #require(service.readLine(), "no reply to \(method)")
      return try JSONParser.parse(line)
    }
    _ = try call(
      1, "auth.register",
      #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#)
    var acknowledged: Set<Int> = []
    for quote in 1...5 {
      let reply = try call(10 + quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#)
      if reply["result"]?["isFavorite"] == .bool(true) { acknowledged.insert(quote) }
    }
    try server.stopForOutage()
    for quote in 6...8 {
      let reply = try call(20 + quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#)
      #expect(reply["error"]?["code"] == .integer(-32010), "\(reply)")
      #expect(reply["error"]?["data"]?["failure"] == .string("unavailable"))
      #expect(reply["error"]?["data"]?["reason"] == .string("storage-unavailable"))
    }
    try server.start()
    for quote in 9...12 {
      let reply = try call(30 + quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#)
      #expect(reply["result"]?["isFavorite"] == .bool(true), "\(reply)")
      if reply["result"]?["isFavorite"] == .bool(true) { acknowledged.insert(quote) }
    }
    let list = try call(50, "favorites.list")
    let ids = Set((list["result"]?["quotes"]?.arrayValue ?? []).compactMap { number($0["id"]) })
    #expect(ids == acknowledged)
    #expect(acknowledged == Set([1, 2, 3, 4, 5, 9, 10, 11, 12]))
    try service.closeInput()
  }
}

/// The integer a JSON number holds, or nil.
private func number(_ value: JSONValue?) -> Int? {
  guard case .number(let text)? = value else { return nil }
  return Int(text)
}
