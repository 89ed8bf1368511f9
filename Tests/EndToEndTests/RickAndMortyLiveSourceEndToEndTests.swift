import Foundation
import JSON
import TestSupport
import Testing

@Suite("catalog.refresh of Rick and Morty from a paged live API", .serialized)
struct RickAndMortyLiveSourceEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func parse(_ outcome: ServiceProcess.Outcome) throws -> JSONValue {
    try JSONParser.parse(String(decoding: outcome.stdout, as: UTF8.self))
  }

  private func universe(_ info: JSONValue, _ id: String) -> JSONValue? {
    info["universes"]?.arrayValue?.first { $0["universe"] == .string(id) }
  }

  @Test(
    "a refresh follows every page, is saved, and is served at the next start without the network")
  func refreshPersists() async throws {
    defer { cleanUp() }
    let own = try FakeAPIServer()
    let source = "rick-and-morty=" + own.rickAndMorty("fewer")
    let first = try ServiceProcess.run([
      "call", "catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", source,
      "--data-dir", directory,
    ])
    #expect(first.status == 0, "\(first.stderr)")
    let refreshed = try parse(first)
    #expect(refreshed["universe"] == .string("rick-and-morty"))
    #expect(refreshed["counts"]?["episodes"] == .integer(51))
    #expect(refreshed["counts"]?["characters"] == .integer(816))
    #expect(refreshed["counts"]?["locations"] == .integer(126))
    #expect(refreshed["counts"]?["quotes"] == nil)
    let resources = refreshed["resources"]?.arrayValue ?? []
    // 816 characters, 51 episodes, 126 locations, 20 a page.
    #expect(resources.count == 41 + 3 + 7)
    #expect(resources.first?["page"] == .integer(1))
    #expect(resources.last?["url"] == .string(own.rickAndMorty("fewer") + "/location?page=7"))

    own.stop()
    let info = try parse(
      try ServiceProcess.run(["call", "service.info", "--source", source, "--data-dir", directory]))
    let rickAndMorty = universe(info, "rick-and-morty")
    #expect(rickAndMorty?["source"] == .string(own.rickAndMorty("fewer")))
    #expect(rickAndMorty?["liveSource"] == .string(own.rickAndMorty("fewer")))
    #expect(rickAndMorty?["refreshedAt"] == refreshed["refreshedAt"])
    #expect(rickAndMorty?["counts"] == refreshed["counts"])
    // Breaking Bad is untouched, and the wave-1 member still describes it.
    #expect(universe(info, "breaking-bad")?["source"] == .string("embedded"))
    #expect(info["catalog"]?["source"] == .string("embedded"))
    #expect(info["catalog"]?["characters"] == .integer(62))

    let list = try parse(
      try ServiceProcess.run([
        "call", "characters.list", #"{"universe":"rick-and-morty","limit":1}"#, "--source", source,
        "--data-dir", directory,
      ]))
    #expect(list["total"] == .integer(816))

    // Without the source the saved refresh is served too; rick-and-morty=embedded serves the
    // embedded snapshot for that run.
    let remembered = try parse(
      try ServiceProcess.run(["call", "service.info", "--data-dir", directory]))
    #expect(universe(remembered, "rick-and-morty")?["counts"]?["characters"] == .integer(816))
    let embedded = try parse(
      try ServiceProcess.run([
        "call", "service.info", "--source", "rick-and-morty=embedded", "--data-dir", directory,
      ]))
    #expect(universe(embedded, "rick-and-morty")?["counts"]?["characters"] == .integer(826))
    #expect(universe(embedded, "rick-and-morty")?["refreshedAt"] == .null)
  }

  @Test(
    "a page that fails keeps the catalog in use and the saved one as they were",
    arguments: [
      ("failpage-2", -32011, "http-status"),
      ("badpage-3", -32012, "wrong-shape"),
      ("offsite", -32012, "wrong-shape"),
      ("loop", -32012, "wrong-shape"),
      ("endless", -32012, "too-many-pages"),
      ("invalid", -32012, "invalid-json"),
    ])
  func failureKeepsPrevious(mode: String, code: Int, failure: String) async throws {
    defer { cleanUp() }
    try await server.setLiveMode("fewer")
    let params = #"{"universe":"rick-and-morty"}"#
    let session = try LiveSession(
      source: "rick-and-morty=" + server.rickAndMorty("live"), directory: directory,
      extra: ["--max-pages", "50"])
    let good = try session.call(1, "catalog.refresh", params)
    #expect(good["result"]?["counts"]?["characters"] == .integer(816))
    let before = try session.call(2, "service.info")

    try await server.setLiveMode(mode)
    let failed = try session.call(3, "catalog.refresh", params)
    let error = failed["error"]
    #expect(error?["code"] == .integer(code))
    #expect(error?["data"]?["failure"] == .string(failure))
    #expect(error?["data"]?["url"]?.stringValue?.hasPrefix(server.rickAndMorty("live")) == true)
    #expect(error?["message"]?.stringValue?.hasSuffix("The catalog in use is unchanged.") == true)
    let after = try session.call(4, "service.info")
    #expect(after["result"] == before["result"])
    try session.close()

    let restarted = try LiveSession(
      source: "rick-and-morty=" + server.rickAndMorty("live"), directory: directory)
    let again = try restarted.call(1, "service.info")
    #expect(again["result"]?["universes"] == before["result"]?["universes"])
    try restarted.close()
  }

  @Test("progress for every page, counting up, before the reply; a second refresh is all 304s")
  func progressPerPage() async throws {
    defer { cleanUp() }
    let session = try LiveSession(
      source: "rick-and-morty=" + server.rickAndMorty("ok"), directory: directory)
    try session.send(1, "catalog.refresh", #"{"universe":"rick-and-morty","progressToken":"p"}"#)
    let (reply, notifications) = try session.reply(to: 1)
    #expect(reply["result"] != nil)
    let steps = notifications.compactMap { $0["params"] }
    // Start, 52 pages, validated, saved.
    #expect(steps.map { $0["progress"] } == (0...54).map { .integer($0) })
    #expect(steps.last?["total"] == .integer(54))
    #expect(steps[1]["message"] == .string("received characters page 1 of 42"))
    #expect(steps[43]["message"] == .string("received episodes page 1 of 3"))
    #expect(
      steps[53]["message"] == .string("validated 51 episodes, 826 characters and 126 locations"))
    let totals = steps.compactMap { step -> Int? in
      guard case .number(let text)? = step["total"] else { return nil }
      return Int(text)
    }
    #expect(totals.count == steps.count)
    #expect(zip(totals, totals.dropFirst()).allSatisfy { $0 <= $1 })

    let second = try session.call(2, "catalog.refresh", #"{"universe":"rick-and-morty"}"#)
    let statuses = second["result"]?["resources"]?.arrayValue?.map { $0["status"] } ?? []
    #expect(statuses.count == 52)
    #expect(statuses.allSatisfy { $0 == .string("not-modified") })
    try session.close()
  }

  @Test("one service refreshes each universe from its own source")
  func bothUniverses() async throws {
    defer { cleanUp() }
    let session = try InteractiveService([
      "serve", "--source", server.api("fewer"), "--source",
      "rick-and-morty=" + server.rickAndMorty("ok"), "--data-dir", directory, "--log-level", "off",
    ])
    let live = LiveSessionReader(service: session)
    let breakingBad = try live.call(1, "catalog.refresh", "{}")
    #expect(breakingBad["result"]?["counts"]?["characters"] == .integer(52))
    #expect(breakingBad["result"]?["universe"] == nil)
    #expect(breakingBad["result"]?["resources"]?.arrayValue?.first?["page"] == nil)
    let rickAndMorty = try live.call(2, "catalog.refresh", #"{"universe":"rick-and-morty"}"#)
    #expect(rickAndMorty["result"]?["counts"]?["characters"] == .integer(826))
    let info = try live.call(3, "service.info", "{}")
    let universes = info["result"]?["universes"]?.arrayValue ?? []
    #expect(
      universes.map { $0["source"] } == [
        .string(server.api("fewer")), .string(server.rickAndMorty("ok")),
      ])
    try session.closeInput()
    _ = session.waitForExit()
  }

  @Test(
    "a URL that served one universe, given to the other on a later start, is not read as that universe's"
  )
  func snapshotsKeptPerUniverse() throws {
    defer { cleanUp() }
    let source = server.api("fewer")
    let refreshed = try ServiceProcess.run([
      "call", "catalog.refresh", "--source", source, "--data-dir", directory,
    ])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let moved = try ServiceProcess.run([
      "call", "service.info", "--source", "rick-and-morty=" + source, "--data-dir", directory,
      "--log-level", "warning",
    ])
    #expect(moved.status == 0)
    #expect(moved.stderr.isEmpty, "\(moved.stderr)")
    let info = try parse(moved)
    #expect(universe(info, "rick-and-morty")?["source"] == .string("embedded"))
    // Breaking Bad, given no --source, serves its saved refresh.
    #expect(universe(info, "breaking-bad")?["source"] == .string(source))
  }

  @Test("a universe without a live source says how to give it one")
  func noLiveSource() throws {
    defer { cleanUp() }
    let outcome = try ServiceProcess.run([
      "call", "catalog.refresh", #"{"universe":"rick-and-morty"}"#, "--source", server.api("ok"),
      "--data-dir", directory,
    ])
    #expect(outcome.status == 1)
    let error = try JSONParser.parse(outcome.stderr)
    #expect(error["code"] == .integer(-32014))
    #expect(error["data"]?["universe"] == .string("rick-and-morty"))
    #expect(
      error["message"]?.stringValue?.contains("--source rick-and-morty=https://HOST/api") == true)
  }

  @Test(
    "--source names a universe that exists, and gives two universes different URLs",
    arguments: [
      (["--source", "nowhere=http://127.0.0.1:1/api"], "names a universe that does not exist"),
      (
        [
          "--source", "http://127.0.0.1:1/api", "--source", "rick-and-morty=http://127.0.0.1:1/api",
        ],
        "the same URL"
      ),
      (["--source", "rick-and-morty=ftp://host/api"], "is not an http or https URL"),
      (["--max-pages", "0"], "--max-pages takes a positive whole number"),
      (["--http-concurrency", "0"], "--http-concurrency takes a positive whole number"),
    ])
  func badSources(arguments: [String], message: String) throws {
    let outcome = try ServiceProcess.run(["call", "service.info"] + arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
  }
}

/// Request and reply over an `InteractiveService`, for a test that starts its own.
private struct LiveSessionReader {
  let service: InteractiveService

  func call(_ id: Int, _ method: String, _ params: String) throws -> JSONValue {
    try service.send(
      #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"# + "\n")
    while let line = service.readLine(timeout: 30) {
      let message = try JSONParser.parse(line)
      if message["id"] == .integer(id) { return message }
    }
    throw LiveSession.EndOfOutput(id: id)
  }
}
