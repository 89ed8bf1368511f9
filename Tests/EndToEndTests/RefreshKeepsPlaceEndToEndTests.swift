import Foundation
import JSON
import TestSupport
import Testing

@Suite("A refresh keeps the user's place", .serialized)
struct RefreshKeepsPlaceEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func isNews(_ message: JSONValue) -> Bool {
    message["method"] == .string("catalog.changed")
  }

  @Test("a page cursor survives a refresh that changed nothing, and is stale after one that did")
  func cursors() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let session = try LiveSession(source: server.api("live"), directory: directory)
    let first = try session.call(1, "catalog.refresh")
    #expect(first["result"]?["changed"] == .bool(true))
    let page = try session.call(2, "characters.list", #"{"limit":10}"#)
    let cursor = try #require(page["result"]?["nextCursor"]?.stringValue)
    let twenty = try session.call(20, "characters.list", #"{"limit":20}"#)
    let expected = Array(twenty["result"]?["characters"]?.arrayValue?.dropFirst(10) ?? [])
    #expect(expected.count == 10)

    // The server confirms every list: the catalog in use stays, and so does the cursor.
    let same = try session.call(3, "catalog.refresh")
    #expect(same["result"]?["changed"] == .bool(false))
    #expect(same["result"]?["refreshedAt"] != nil)
    try session.send(4, "characters.list", #"{"limit":10,"cursor":"\#(cursor)"}"#)
    let (next, heard) = try session.reply(to: 4)
    #expect(!heard.contains(where: isNews), "no news of a refresh that changed nothing")
    #expect(next["result"]?["characters"]?.arrayValue == expected)

    // The same bodies again without validators (200s): still the same catalog.
    try await server.setLiveMode("noetag")
    let fetchedAgain = try session.call(5, "catalog.refresh")
    let statuses = fetchedAgain["result"]?["resources"]?.arrayValue?.map { $0["status"] }
    #expect(statuses == Array(repeating: .string("fetched"), count: 3))
    #expect(fetchedAgain["result"]?["changed"] == .bool(false))
    let again = try session.call(6, "characters.list", #"{"limit":10,"cursor":"\#(cursor)"}"#)
    #expect(again["result"]?["characters"]?.arrayValue == expected)

    // A changed upstream replaces the catalog: the old cursor is refused, and the news came.
    try await server.setLiveMode("fewer")
    let changed = try session.call(7, "catalog.refresh")
    #expect(changed["result"]?["changed"] == .bool(true))
    try session.send(8, "characters.list", #"{"limit":10,"cursor":"\#(cursor)"}"#)
    let (stale, news) = try session.reply(to: 8)
    #expect(stale["error"]?["code"] == .integer(-32602))
    #expect(stale["error"]?["data"]?["field"] == .string("cursor"))
    #expect(news.filter(isNews).count == 1)
    try session.close()
  }

  @Test("catalog.changed comes after the reply of the refresh that replaced the catalog")
  func newsAfterReply() async throws {
    defer { cleanUp() }
    let source = server.rickAndMorty("ok")
    let session = try LiveSession(source: "rick-and-morty=" + source, directory: directory)
    try session.send(1, "catalog.refresh", #"{"universe":"rick-and-morty","progressToken":"r"}"#)
    let (reply, before) = try session.reply(to: 1)
    #expect(reply["result"]?["changed"] == .bool(true))
    #expect(!before.contains(where: isNews))
    #expect(before.count == 55, "progress 0 to 54 before the reply")
    let news = try session.notification()
    #expect(isNews(news))
    #expect(news["params"]?["universe"] == .string("rick-and-morty"))
    #expect(news["params"]?["refreshedAt"] == reply["result"]?["refreshedAt"])
    try session.close()
  }

  private func call(_ arguments: [String]) throws -> JSONValue {
    let outcome = try ServiceProcess.run(["call"] + arguments + ["--data-dir", directory])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // A one-shot call ends with its reply: no news follows it.
    #expect(!outcome.stderr.contains("catalog.changed"), "\(outcome.stderr)")
    return try JSONParser.parse(String(decoding: outcome.stdout, as: UTF8.self))
  }

  private func rickAndMorty(_ info: JSONValue) -> JSONValue? {
    info["universes"]?.arrayValue?.first { $0["universe"] == .string("rick-and-morty") }
  }

  @Test(
    "a data directory remembers its live source, and UNIVERSE=embedded serves the embedded one a run"
  )
  func remembersSources() throws {
    defer { cleanUp() }
    let source = server.rickAndMorty("fewer")
    let refreshed = try call([
      "catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", "rick-and-morty=" + source,
    ])
    #expect(refreshed["counts"]?["characters"] == .integer(816))

    // A later start without --source serves it, says where it came from, and refreshes from
    // there.
    let info = try call(["service.info"])
    #expect(rickAndMorty(info)?["source"] == .string(source))
    #expect(rickAndMorty(info)?["liveSource"] == .string(source))
    #expect(rickAndMorty(info)?["refreshedAt"] == refreshed["refreshedAt"])
    #expect(rickAndMorty(info)?["counts"]?["characters"] == .integer(816))
    #expect(info["catalog"]?["source"] == .string("embedded"))
    let again = try call(["catalog.refresh", #"{"universe":"rick-and-morty"}"#])
    #expect(again["source"] == .string(source))
    #expect(again["changed"] == .bool(false))
    let statuses = Set(again["resources"]?.arrayValue?.map { $0["status"] } ?? [])
    #expect(statuses == [.string("not-modified")])

    // rick-and-morty=embedded: the embedded snapshot for this run, nothing to refresh from.
    let embedded = try call(["service.info", "--source", "rick-and-morty=embedded"])
    #expect(rickAndMorty(embedded)?["source"] == .string("embedded"))
    #expect(rickAndMorty(embedded)?["liveSource"] == .null)
    #expect(rickAndMorty(embedded)?["counts"]?["characters"] == .integer(826))
    let refused = try ServiceProcess.run([
      "call", "catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source",
      "rick-and-morty=embedded", "--data-dir", directory,
    ])
    #expect(refused.status == 1)
    #expect(try JSONParser.parse(refused.stderr)["code"] == .integer(-32014))

    // The saved refresh stayed: the next start without --source serves it again.
    let after = try call(["service.info"])
    #expect(rickAndMorty(after)?["source"] == .string(source))
    #expect(rickAndMorty(after)?["counts"]?["characters"] == .integer(816))
  }

  @Test("bbfan mcp serves a refresh another process saved, and says so after the next reply")
  func mcpListChanged() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    _ = try call(["catalog.refresh", "--source", server.api("live")])
    // No --source: the data directory's saved refresh is served, from its source.
    let mcp = try InteractiveService(["mcp", "--data-dir", directory, "--log-level", "off"])
    func read() throws -> JSONValue { try JSONParser.parse(try #require(mcp.readLine())) }
    try mcp.send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        + "\n")
    let initialized = try read()
    #expect(initialized["result"]?["capabilities"]?["resources"]?["listChanged"] == .bool(true))
    try mcp.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
    #expect(try read()["id"] == .integer(2))

    // Another process refreshes the same data directory from a changed upstream.
    try await server.setLiveMode("fewer")
    let changed = try call(["catalog.refresh"])
    #expect(changed["changed"] == .bool(true))
    try mcp.send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"# + "\n")
    #expect(try read()["id"] == .integer(3))
    let news = try read()
    #expect(news["method"] == .string("notifications/resources/list_changed"))
    let character = #"{"uri":"bbfan://breaking-bad/characters/1"}"#
    try mcp.send(
      #"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":\#(character)}"# + "\n")
    let read4 = try read()
    #expect(read4["id"] == .integer(4), "no second notice: \(read4)")
    try mcp.closeInput()
    #expect(mcp.waitForExit() == 0)
  }
}
