import FanAPI
import FanCore
import FanServer
import FanStorage
import FanStorageEngines
import FixtureUniverse
import Foundation
import JSON
import JSONRPC
import MCPServer
import TestSupport
import Testing
import bbfan

/// A third universe, Pine Hollow, that lives only in the tests (`Tests/FixtureUniverse/`): the
/// service built with it added to the list of universes serves it through every catalog method,
/// `service.info`, exports, MCP resources and favourites on both stores, embedded and live.
@Suite("A fixture universe added to the list", .serialized, .timeLimit(.minutes(3)))
struct FixtureUniverseTests {
  private let universe = #""universe":"pine-hollow""#

  private func configuration(database: String? = nil) -> ServiceConfiguration {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-fixture-\(UUID().uuidString)")
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), seed: 1, passwordIterations: 1_000
    )
    configuration.universes = Universes.shipped.adding(PineHollow())
    configuration.database = database
    return configuration
  }

  /// Sends `method` with `params` (a JSON object's text) and returns the reply.
  private func call(_ connection: JSONRPCConnection, _ method: String, _ params: String = "{}")
    async throws -> JSONValue
  {
    let request = try JSONParser.parse(
      #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#)
    return try #require(await connection.respond(to: request))
  }

  /// The result of `method`, failing the test on an error reply.
  private func result(
    _ connection: JSONRPCConnection, _ method: String, _ params: String = "{}"
  ) async throws -> JSONValue {
    let reply = try await call(connection, method, params)
    #expect(reply["error"] == nil, "\(method) \(params): \(reply.serializedText)")
    return try #require(reply["result"])
  }

  @Test("every catalog method, service.info and exports serve it from its embedded snapshot")
  func catalog() async throws {
    let connection = try ServiceComposition.service(configuration()).makeConnection()
    let info = try await result(connection, "service.info")
    let universes = info["universes"]?.arrayValue ?? []
    #expect(
      universes.map { $0["universe"]?.stringValue }
        == ["breaking-bad", "rick-and-morty", "pine-hollow"])
    let counts = universes.last?["counts"]
    #expect(counts?["episodes"] == .integer(5) && counts?["characters"] == .integer(4))
    #expect(counts?["quotes"] == .integer(4) && counts?["locations"] == .integer(1))

    let seasons = try await result(connection, "episodes.list", "{\(universe)}")["seasons"]
    #expect(seasons?.arrayValue?.map { $0["season"] } == [.integer(1), .integer(2)])
    let thaw = try await result(connection, "episodes.get", #"{"id":4,\#(universe)}"#)
    #expect(thaw["title"] == .string("Thaw") && thaw["series"] == .string("pine-hollow"))
    // "Junebug" resolves to June Alder through the universe's alias.
    let junebug = thaw["characters"]?.arrayValue?.last
    #expect(junebug?["characterId"] == .integer(3))
    #expect(junebug?["characterName"] == .string("June Alder"))
    let second = try await result(connection, "episodes.filter", #"{"season":2,\#(universe)}"#)
    #expect(second["episodes"]?.arrayValue?.count == 2)

    let characters = try await result(connection, "characters.list", "{\(universe)}")
    #expect(characters["characters"]?.arrayValue?.count == 4)
    let june = try await result(connection, "characters.get", #"{"id":3,\#(universe)}"#)
    #expect(june["name"] == .string("June Alder") && june["nickname"] == .string("Junebug"))
    #expect(june["quotes"]?.arrayValue?.map { $0["id"] } == [.integer(8)])
    #expect(june["episodeCount"] == .integer(4))
    // The fields the universe adds follow the record's own, as the universe gives them.
    #expect(
      june["hometown"] == .string("Pine Hollow") && june["favoriteDish"] == .string("Pancakes"))
    let otto = try await result(connection, "characters.get", #"{"id":2,\#(universe)}"#)
    #expect(otto["favoriteDish"] == .null)
    #expect(thaw["director"] == .string("Lena Voss"))
    let found = try await result(connection, "characters.filter", #"{"name":"mara",\#(universe)}"#)
    #expect(found["characters"]?.arrayValue?.map { $0["id"] } == [.integer(1)])

    let town = try await result(connection, "locations.get", #"{"id":1,\#(universe)}"#)
    #expect(town["name"] == .string("Pine Hollow") && town["residentCount"] == .integer(4))
    #expect(town["founded"] == .integer(1887))
    let locations = try await result(connection, "locations.list", "{\(universe)}")
    #expect(locations["total"] == .integer(1))

    let quote = try await result(connection, "quotes.random", "{\(universe)}")
    #expect(quote["series"] == .string("pine-hollow"))
    let byMara = try await result(connection, "quotes.byCharacter", #"{"id":1,\#(universe)}"#)
    #expect(byMara["quotes"]?.arrayValue?.map { $0["id"] } == [.integer(1)])

    let csv = try await result(
      connection, "characters.export", #"{"id":1,"format":"csv","inline":true,\#(universe)}"#)
    let csvText = String(
      decoding: Data(base64Encoded: csv["content"]?.stringValue ?? "") ?? Data(), as: UTF8.self)
    #expect(csvText.contains("Mara Quill") && csvText.contains("pine-hollow"))
    // The universe's own fields are columns after the record's, with no code of the exporter's.
    let header = csvText.split(separator: "\r\n").first.map(String.init) ?? ""
    #expect(header.hasSuffix(",hometown,favoriteDish"), "\(header)")
    #expect(csvText.contains(",Pine Hollow,Huckleberry pie"))
    let pdf = try await result(
      connection, "characters.export", #"{"id":8,"format":"pdf","inline":true,\#(universe)}"#)
    let pdfBytes = Data(base64Encoded: pdf["content"]?.stringValue ?? "") ?? Data()
    #expect(pdfBytes.starts(with: Array("%PDF-".utf8)))
    #expect(String(decoding: pdfBytes, as: UTF8.self).contains("Pine Hollow"))
    // The card labels them from their names: "favoriteDish" reads "Favorite dish".
    let card = String(decoding: pdfBytes, as: UTF8.self)
    #expect(card.contains("Hometown") && card.contains("Boston"))
    #expect(card.contains("Favorite dish") && card.contains("Oysters"))

    // An unknown universe is refused naming every universe of the list.
    let unknown = try await call(connection, "episodes.list", #"{"universe":"twin-peaks"}"#)
    #expect(
      unknown["error"]?["data"]?["problem"]
        == .string(#"must be one of breaking-bad, rick-and-morty, pine-hollow, not "twin-peaks""#))
  }

  @Test(
    "favourites of two universes never collide, on SQLite and on PostgreSQL",
    arguments: ["sqlite", "postgres"])
  func favorites(_ store: String) async throws {
    let database = store == "postgres" ? try TemporaryPostgres.freshDatabase() : nil
    let connection = try ServiceComposition.service(configuration(database: database))
      .makeConnection()
    _ = try await result(
      connection, "auth.register",
      #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#)
    // Quote 8 of Breaking Bad and quote 8 of Pine Hollow are two quotes.
    let ours = try await result(connection, "favorites.toggle", #"{"quoteId":8}"#)
    #expect(ours["favoriteCount"] == .integer(1))
    let theirs = try await result(
      connection, "favorites.toggle", #"{"quoteId":8,\#(universe)}"#)
    #expect(theirs["isFavorite"] == .bool(true) && theirs["favoriteCount"] == .integer(1))
    _ = try await result(connection, "favorites.toggle", #"{"quoteId":9,\#(universe)}"#)
    let mine = try await result(connection, "favorites.list", "{\(universe)}")
    #expect(mine["quotes"]?.arrayValue?.map { $0["id"] } == [.integer(9), .integer(8)])
    #expect(mine["quotes"]?.arrayValue?.first?["series"] == .string("pine-hollow"))
    let bad = try await result(connection, "favorites.list")
    #expect(bad["quotes"]?.arrayValue?.map { $0["id"] } == [.integer(8)])
    #expect(bad["quotes"]?.arrayValue?.first?["series"] == .string("breaking-bad"))
    // Unsetting one leaves the other.
    _ = try await result(connection, "favorites.toggle", #"{"quoteId":8,"favorite":false}"#)
    let top = try await result(connection, "favorites.top", "{\(universe)}")
    #expect(top["quotes"]?.arrayValue?.map { $0["favoriteCount"] } == [.integer(1), .integer(1)])
    #expect(try await result(connection, "favorites.top")["quotes"] == .array([]))
    let overview = try await result(connection, "quotes.overview", "{\(universe)}")
    #expect(overview["yours"]?.arrayValue?.count == 2 && overview["random"] != nil)
    let june = try await result(connection, "characters.get", #"{"id":3,\#(universe)}"#)
    #expect(june["quotes"]?.arrayValue?.first?["isFavorite"] == .bool(true))
    // A quote the universe does not have is not found, naming it.
    let missing = try await call(connection, "favorites.toggle", #"{"quoteId":70,\#(universe)}"#)
    #expect(missing["error"]?["code"] == .integer(-32004))
    #expect(missing["error"]?["data"]?["universe"] == .string("pine-hollow"))
  }

  @Test("MCP reads its records as resources")
  func mcpResources() async throws {
    let server = MCPServer(service: try ServiceComposition.service(configuration()))
    let connection = server.makeConnection()
    for (uri, expected) in [
      ("bbfan://pine-hollow/episodes/1", "Smoke on the Ridge"),
      ("bbfan://pine-hollow/characters/8", "Silas Crane"),
      ("bbfan://pine-hollow/locations/1", "Cascade Range"),
    ] {
      let read = try await result(connection, "resources/read", #"{"uri":"\#(uri)"}"#)
      #expect(read["contents"]?.serializedText.contains(expected) == true, "\(uri)")
    }
    let initialized = try await result(
      connection, "initialize",
      #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#
    )
    #expect(
      initialized["instructions"]?.stringValue?.hasPrefix(
        "bbfan serves three TV universes' catalogs: breaking-bad (Breaking Bad and Better Call "
          + "Saul; the default), rick-and-morty and pine-hollow.") == true)
  }

  @Test("catalog.refresh fetches it from the test server, and a changed API replaces it")
  func live() async throws {
    let folder = try #require(PineHollow.snapshotFolder)
    let server = try FakeAPIServer(fixture: folder)
    var configuration = configuration()
    configuration.sources[PineHollow().id] = try APIEndpoint(base: server.fixture("live"))
    let connection = try ServiceComposition.service(configuration).makeConnection()
    try await server.setLiveMode("ok")
    let first = try await result(connection, "catalog.refresh", "{\(universe)}")
    #expect(first["counts"]?["characters"] == .integer(4))
    #expect(first["resources"]?.arrayValue?.count == 4)
    try await server.setLiveMode("fewer")
    let changed = try await result(connection, "catalog.refresh", "{\(universe)}")
    #expect(changed["changed"] == .bool(true))
    #expect(changed["counts"]?["locations"] == .integer(1))
    #expect(changed["counts"]?["quotes"] == .integer(3))
    let info = try await result(connection, "service.info")
    let pine = info["universes"]?.arrayValue?.last
    #expect(pine?["source"] == .string(server.fixture("live")))
    #expect(pine?["counts"]?["episodes"] == .integer(4))
  }

  /// The non-test files this universe needed: none.
  ///
  /// Everything it is lives in `Tests/FixtureUniverse/`, and the service is built with it added
  /// to the list.
  static let nonTestFilesNeeded: [String] = []

  @Test("no file outside the tests names it: the universe is its folder and the list's entry")
  func nothingElseNamesIt() throws {
    let root = BuiltProducts.repository
    var naming: [String] = []
    var files = [root.appending(path: "Package.swift")]
    for folder in ["Sources", "Schemas", "Data", "Clients", "Plugins", "Docs"] {
      files +=
        FileManager.default.enumerator(
          at: root.appending(path: folder), includingPropertiesForKeys: nil)?
        .compactMap { $0 as? URL } ?? []
    }
    // The clients' own tests (Clients/*/test_*, *.test.mjs, tests/) are tests, and may name it.
    let isTest = { (file: URL) in
      file.lastPathComponent.hasPrefix("test_") || file.lastPathComponent.contains(".test.")
        || file.pathComponents.contains("tests")
    }
    var scanned = 0
    for file in files where !file.hasDirectoryPath && !isTest(file) {
      scanned += 1
      // A file that is not UTF-8 text (an image) names nothing.
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      if text.contains("pine-hollow") || text.contains("PineHollow") {
        naming.append(file.path())
      }
    }
    #expect(scanned > 300, "only \(scanned) files were read")
    #expect(
      Set(naming) == Set(Self.nonTestFilesNeeded),
      "non-test files that name the fixture universe: \(naming)")
  }
}
