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

  @Test("B's refresh replaces the catalog: A, subscribed, is told and then serves the new one")
  func refreshByAnotherProcess() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let arguments = ["--data-dir", directory, "--source", server.api("live"), "--log-level", "off"]
    let b = try InteractiveService(arguments)
    try b.send(request(1, "catalog.refresh"))
    let first = try #require(try next(b, id: 1))
    #expect(first["result"]?["changed"] == .bool(true))

    let a = try InteractiveService(arguments)
    try a.send(request(1, "notifications.subscribe", #"{"topics":["catalog"]}"#))
    _ = try #require(try next(a, id: 1))
    try a.send(request(2, "characters.list"))
    let before = try #require(try next(a, id: 2))
    let countBefore = before["result"]?["characters"]?.arrayValue?.count

    try await server.setLiveMode("fewer")
    try b.send(request(2, "catalog.refresh"))
    let replaced = try #require(try next(b, id: 2))
    #expect(replaced["result"]?["changed"] == .bool(true))
    try b.send(request(3, "characters.list"))
    let inB = try #require(try next(b, id: 3))

    let news = try #require(try next(a, method: "catalog.changed"), "A was not told")
    #expect(news["params"]?["universe"] == .string("breaking-bad"))
    #expect(news["params"]?["refreshedAt"] == replaced["result"]?["refreshedAt"])
    try a.send(request(3, "characters.list"))
    let after = try #require(try next(a, id: 3))
    #expect(after["result"]?["characters"] == inB["result"]?["characters"])
    #expect(after["result"]?["characters"]?.arrayValue?.count != countBefore)
    try a.closeInput()
    try b.closeInput()
    #expect(a.waitForExit() == 0)
    #expect(b.waitForExit() == 0)
  }
}
