import Foundation
import JSON
import TestSupport
import Testing

/// `notifications.subscribe` across processes: two `bbfan serve` on one data directory.
@Suite("Notifications across processes", .serialized, .timeLimit(.minutes(2)))
struct NotificationsEndToEndTests {
  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n"
  }

  /// The next message of `service` whose `method` or `id` is the one wanted, skipping others.
  private func next(_ service: InteractiveService, method: String? = nil, id: Int? = nil) throws
    -> JSONValue?
  {
    while let line = service.readLine(timeout: 30) {
      let message = try JSONParser.parse(line)
      if let method, message["method"]?.stringValue == method { return message }
      if let id, message["id"] == .integer(Int64(id)) { return message }
    }
    return nil
  }

  @Test("B toggles a favourite; A, subscribed, gets the count and the new Top 3, no isFavorite")
  func favouritesFromAnotherProcess() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
    let a = try InteractiveService(arguments)
    let b = try InteractiveService(arguments)
    try a.send(request(1, "notifications.subscribe", #"{"topics":["favorites"]}"#))
    let subscribed = try #require(try next(a, id: 1))
    #expect(
      subscribed["result"]?["subscriptions"]
        == (try JSONParser.parse(#"[{"topic":"favorites","universe":null}]"#)))
    try b.send(
      request(
        1, "auth.register",
        #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#))
    _ = try #require(try next(b, id: 1))
    try b.send(request(2, "favorites.toggle", #"{"quoteId":3}"#))
    let toggled = try #require(try next(b, id: 2))
    #expect(toggled["result"]?["favoriteCount"] == .integer(1))

    let changed = try #require(try next(a, method: "favorites.changed"), "A was not told")
    let params = try #require(changed["params"])
    #expect(params["universe"]?.stringValue == "breaking-bad")
    #expect(params["quoteId"] == .integer(3))
    #expect(params["favoriteCount"] == .integer(1))
    let top = try #require(params["top"]?.arrayValue)
    #expect(top.count == 1)
    #expect(top.first?["id"] == .integer(3))
    #expect(top.first?["favoriteCount"] == .integer(1))
    #expect(top.first?["isFavorite"] == nil)
    #expect(changed.serializedText.contains("isFavorite") == false)

    // A's own requests are answered as before, after the notification.
    try a.send(request(2, "favorites.top", #"{"universe":"breaking-bad"}"#))
    let topReply = try #require(try next(a, id: 2))
    #expect(topReply["result"]?["quotes"]?.arrayValue?.first?["id"] == .integer(3))
    try a.closeInput()
    try b.closeInput()
    #expect(a.waitForExit() == 0)
    #expect(b.waitForExit() == 0)
  }

  @Test(
    "two machines on one PostgreSQL: B toggles, A (its own data directory) is told",
    .enabled(if: Prerequisite.postgres.isAvailable))
  func favouritesFromAnotherMachine() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let directories = [
      ServiceProcess.temporaryDataDirectory(), ServiceProcess.temporaryDataDirectory(),
    ]
    defer {
      for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }
    func arguments(_ directory: String) -> [String] {
      [
        "--data-dir", directory, "--database", server.url, "--log-level", "off",
        "--password-cost", "1000",
      ]
    }
    let a = try InteractiveService(arguments(directories[0]))
    let b = try InteractiveService(arguments(directories[1]))
    try a.send(
      request(1, "notifications.subscribe", #"{"topics":["favorites"],"universe":"breaking-bad"}"#))
    _ = try #require(try next(a, id: 1))
    try b.send(
      request(
        1, "auth.register",
        #"{"username":"jesse","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#))
    _ = try #require(try next(b, id: 1))
    try b.send(request(2, "favorites.toggle", #"{"quoteId":9}"#))
    _ = try #require(try next(b, id: 2))
    let changed = try #require(try next(a, method: "favorites.changed"), "A was not told")
    #expect(changed["params"]?["quoteId"] == .integer(9))
    #expect(changed["params"]?["favoriteCount"] == .integer(1))
    #expect(changed["params"]?["top"]?.arrayValue?.first?["id"] == .integer(9))
    try a.closeInput()
    try b.closeInput()
    #expect(a.waitForExit() == 0)
    #expect(b.waitForExit() == 0)
  }

  @Test("a subscriber that does not read its output holds up no toggle of another process")
  func subscriberThatNeverReads() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let arguments = ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
    let a = try InteractiveService(arguments)
    let b = try InteractiveService(arguments)
    try a.send(request(1, "notifications.subscribe", #"{"topics":["favorites"]}"#))
    _ = try #require(try next(a, id: 1))
    // A asks for much and reads none of it: its output pipe fills.
    for id in 2...41 { try a.send(request(id, "episodes.list")) }
    try b.send(
      request(
        1, "auth.register",
        #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#))
    _ = try #require(try next(b, id: 1))
    // B toggles 60 quotes (Breaking Bad's quote ids have a gap), one after another, each
    // answered while A reads nothing.
    for (offset, quote) in (Array(1...30) + Array(63...92)).enumerated() {
      try b.send(request(2 + offset, "favorites.toggle", #"{"quoteId":\#(quote)}"#))
      let reply = try #require(try next(b, id: 2 + offset), "toggle \(quote) was not answered")
      #expect(reply["result"]?["favoriteCount"] == .integer(1))
    }
    // Now A reads: its replies, and a notification of the last quote's count.
    var told = 0
    var last: JSONValue?
    while let message = try next(a, method: "favorites.changed") {
      told += 1
      last = message["params"]
      if last?["quoteId"] == .integer(92) { break }
    }
    #expect(last?["quoteId"] == .integer(92))
    #expect(last?["favoriteCount"] == .integer(1))
    #expect(told <= 60)
    try a.closeInput()
    try b.closeInput()
    #expect(a.waitForExit() == 0)
    #expect(b.waitForExit() == 0)
  }
}
