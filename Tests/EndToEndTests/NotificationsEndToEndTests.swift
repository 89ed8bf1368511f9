import Foundation
import JSON
import TestSupport
import Testing

/// `notifications.subscribe` across processes: two `bbfan serve` on one data directory.
@Suite("Notifications across processes", .serialized, .timeLimit(.minutes(2)))
struct NotificationsEndToEndTests {
  /// Two `bbfan serve` on `directory`: A subscribed to favourites (with the reply it got), B
  /// signed up as walt, ready to change them.
  private func subscriberAndWriter(on directory: String) throws -> (
    a: InteractiveService, b: InteractiveService, subscribed: JSONValue
  ) {
    let arguments = ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
    let a = try InteractiveService(arguments)
    let b = try InteractiveService(arguments)
    try a.send(jsonRPCLine(1, "notifications.subscribe", #"{"topics":["favorites"]}"#))
    let subscribed = try #require(try a.nextMessage(id: 1))
    try b.send(
      jsonRPCLine(
        1, "auth.register",
        #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#))
    _ = try #require(try b.nextMessage(id: 1))
    return (a, b, subscribed)
  }

  @Test("B toggles a favourite; A, subscribed, gets the count and the new Top 3, no isFavorite")
  func favouritesFromAnotherProcess() throws {
    let directory = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (a, b, subscribed) = try subscriberAndWriter(on: directory)
    #expect(
      subscribed["result"]?["subscriptions"]
        == (try JSONParser.parse(#"[{"topic":"favorites","universe":null}]"#)))
    try b.send(jsonRPCLine(2, "favorites.toggle", #"{"quoteId":3}"#))
    let toggled = try #require(try b.nextMessage(id: 2))
    #expect(toggled["result"]?["favoriteCount"] == .integer(1))

    let changed = try #require(try a.nextMessage(method: "favorites.changed"), "A was not told")
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
    try a.send(jsonRPCLine(2, "favorites.top", #"{"universe":"breaking-bad"}"#))
    let topReply = try #require(try a.nextMessage(id: 2))
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
      jsonRPCLine(
        1, "notifications.subscribe", #"{"topics":["favorites"],"universe":"breaking-bad"}"#))
    _ = try #require(try a.nextMessage(id: 1))
    try b.send(
      jsonRPCLine(
        1, "auth.register",
        #"{"username":"jesse","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#))
    _ = try #require(try b.nextMessage(id: 1))
    try b.send(jsonRPCLine(2, "favorites.toggle", #"{"quoteId":9}"#))
    _ = try #require(try b.nextMessage(id: 2))
    let changed = try #require(try a.nextMessage(method: "favorites.changed"), "A was not told")
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
    let (a, b, _) = try subscriberAndWriter(on: directory)
    // A asks for much and reads none of it: its output pipe fills.
    for id in 2...41 { try a.send(jsonRPCLine(id, "episodes.list")) }
    // B toggles 60 quotes (Breaking Bad's quote ids have a gap), one after another, each
    // answered while A reads nothing.
    for (offset, quote) in (Array(1...30) + Array(63...92)).enumerated() {
      try b.send(jsonRPCLine(2 + offset, "favorites.toggle", #"{"quoteId":\#(quote)}"#))
      let reply = try #require(
        try b.nextMessage(id: 2 + offset), "toggle \(quote) was not answered")
      #expect(reply["result"]?["favoriteCount"] == .integer(1))
    }
    // Now A reads: its replies, and a notification of the last quote's count.
    var told = 0
    var last: JSONValue?
    while let message = try a.nextMessage(method: "favorites.changed") {
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
