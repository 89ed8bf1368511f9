import Foundation
import JSON
import TestSupport
import Testing

/// `notifications.subscribe {topics: ["catalog"]}` across processes: B refreshes a catalog on the
/// data directory A serves from.
@Suite("Catalog notifications across processes", .serialized, .timeLimit(.minutes(2)))
struct CatalogNotificationsEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  @Test("B's refresh replaces the catalog: A, subscribed, is told and then serves the new one")
  func refreshByAnotherProcess() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let arguments = ["--data-dir", directory, "--source", server.api("live"), "--log-level", "off"]
    let b = try InteractiveService(arguments)
    try b.send(jsonRPCLine(1, "catalog.refresh"))
    let first = try #require(try b.nextMessage(id: 1))
    #expect(first["result"]?["changed"] == .bool(true))

    let a = try InteractiveService(arguments)
    try a.send(jsonRPCLine(1, "notifications.subscribe", #"{"topics":["catalog"]}"#))
    _ = try #require(try a.nextMessage(id: 1))
    try a.send(jsonRPCLine(2, "characters.list"))
    let before = try #require(try a.nextMessage(id: 2))
    let countBefore = before["result"]?["characters"]?.arrayValue?.count

    try await server.setLiveMode("fewer")
    try b.send(jsonRPCLine(2, "catalog.refresh"))
    let replaced = try #require(try b.nextMessage(id: 2))
    #expect(replaced["result"]?["changed"] == .bool(true))
    try b.send(jsonRPCLine(3, "characters.list"))
    let inB = try #require(try b.nextMessage(id: 3))

    let news = try #require(try a.nextMessage(method: "catalog.changed"), "A was not told")
    #expect(news["params"]?["universe"] == .string("breaking-bad"))
    #expect(news["params"]?["refreshedAt"] == replaced["result"]?["refreshedAt"])
    try a.send(jsonRPCLine(3, "characters.list"))
    let after = try #require(try a.nextMessage(id: 3))
    #expect(after["result"]?["characters"] == inB["result"]?["characters"])
    #expect(after["result"]?["characters"]?.arrayValue?.count != countBefore)
    try a.closeInput()
    try b.closeInput()
    #expect(a.waitForExit() == 0)
    #expect(b.waitForExit() == 0)
  }
}
