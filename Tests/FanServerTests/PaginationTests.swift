import FanAPI
import FanCore
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import Testing

@Suite("Pagination: limit, cursor, nextCursor, total")
struct PaginationTests {
  private let service: FanService
  private let connection: JSONRPCConnection

  init() throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-pages-\(UUID().uuidString)")
    service = try TestComposition.service(
      ServiceConfiguration(
        storageEngines: .standard, dataDirectory: directory.path(), seed: 1,
        passwordIterations: 1000))
    connection = service.makeConnection()
  }

  private func call(_ method: String, _ params: JSONObject) async -> JSONValue? {
    await connection.respond(
      to: .object(
        JSONObject([
          "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(method),
          "params": .object(params),
        ])))
  }

  /// Every page of `method` with `params` and `limit`, following `nextCursor` to the end.
  private func pages(_ method: String, _ params: JSONObject, key: String, limit: Int)
    async throws -> (records: [JSONValue], pages: Int, totals: Set<String>)
  {
    var records: [JSONValue] = []
    var totals = Set<String>()
    var cursor: String?
    var count = 0
    repeat {
      var page = params
      page.set("limit", .integer(limit))
      if let cursor { page.set("cursor", .string(cursor)) }
      let result = try #require(await call(method, page)?["result"], "\(method) failed")
      let items = try #require(result[key]?.arrayValue)
      #expect(items.count <= limit)
      records += items
      totals.insert(result["total"]?.serializedText ?? "")
      cursor = result["nextCursor"]?.stringValue
      if cursor == nil { #expect(result["nextCursor"] == .null) }
      count += 1
    } while cursor != nil && count < 1000
    return (records, count, totals)
  }

  @Test(
    "walking every page gives the whole list, in order, with the same total on every page",
    arguments: [
      ("characters.filter", #"{"universe":"rick-and-morty","species":"Alien"}"#, "characters", 7),
      ("characters.list", #"{"universe":"rick-and-morty"}"#, "characters", 100),
      ("episodes.filter", #"{"universe":"rick-and-morty","name":"rick"}"#, "episodes", 5),
      ("locations.list", #"{"universe":"rick-and-morty"}"#, "locations", 50),
      ("characters.filter", #"{"status":"alive"}"#, "characters", 4),
      ("episodes.filter", #"{"series":"better-call-saul"}"#, "episodes", 9),
    ])
  func walk(method: String, params: String, key: String, limit: Int) async throws {
    let object = try #require(try JSONParser.parse(Array(params.utf8)).objectValue)
    let whole = try #require(await call(method, object)?["result"])
    let all = try #require(whole[key]?.arrayValue)
    #expect(whole["nextCursor"] == .null)
    #expect(whole["total"]?.serializedText == String(all.count))
    let walked = try await pages(method, object, key: key, limit: limit)
    #expect(walked.records == all)
    #expect(walked.pages == max(1, (all.count + limit - 1) / limit))
    #expect(walked.totals == [String(all.count)])
  }

  @Test("episodes.list counts episodes, not seasons: a season continues on the next page")
  func seasonsAcrossPages() async throws {
    let first = try #require(
      await call(
        "episodes.list", JSONObject(["universe": .string("rick-and-morty"), "limit": .integer(8)]))?[
          "result"])
    let cursor = try #require(first["nextCursor"]?.stringValue)
    let second = try #require(
      await call(
        "episodes.list",
        JSONObject([
          "universe": .string("rick-and-morty"), "limit": .integer(8), "cursor": .string(cursor),
        ]))?["result"])
    let seasons = try #require(second["seasons"]?.arrayValue)
    #expect(seasons.first?["season"]?.serializedText == "1")
    #expect(seasons.first?["episodes"]?.arrayValue?.count == 3)
    #expect(second["total"]?.serializedText == "51")
  }

  @Test("a cursor of another query is -32602 on cursor, saying to start again")
  func foreignCursor() async throws {
    let first = try #require(
      await call(
        "characters.filter", JSONObject(["status": .string("alive"), "limit": .integer(2)]))?[
          "result"])
    let cursor = try #require(first["nextCursor"]?.stringValue)
    let error = try #require(
      await call(
        "characters.filter",
        JSONObject([
          "status": .string("deceased"), "limit": .integer(2), "cursor": .string(cursor),
        ]))?["error"])
    #expect(error["code"]?.serializedText == "-32602")
    #expect(error["data"]?["field"]?.stringValue == "cursor")
    #expect(error["message"]?.stringValue?.contains("start again") == true)
  }

  @Test("a cursor of a catalog that a refresh has since replaced is -32602, never a wrong page")
  func staleCursor() async throws {
    let first = try #require(
      await call("episodes.list", JSONObject(["limit": .integer(10)]))?["result"])
    let cursor = try #require(first["nextCursor"]?.stringValue)
    var refreshed = try service.currentCatalog().current
    refreshed.source = "http://127.0.0.1:8080/ok/api"
    refreshed.refreshedAt = 1_700_000_000_000
    try service.currentCatalog().replace(with: refreshed)
    let error = try #require(
      await call("episodes.list", JSONObject(["limit": .integer(10), "cursor": .string(cursor)]))?[
        "error"])
    #expect(error["data"]?["field"]?.stringValue == "cursor")
    #expect(error["message"]?.stringValue?.contains("refresh") == true)
  }
}
