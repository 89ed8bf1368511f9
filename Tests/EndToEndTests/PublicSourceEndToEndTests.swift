import Foundation
import JSON
import TestSupport
import Testing

/// A universe given no source refreshes from its public API (Rick and Morty's), pointed at a
/// stand-in here: no test reaches the internet.
@Suite("catalog.refresh from a universe's public API", .serialized)
struct PublicSourceEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func run(_ arguments: [String], publicSources: String) throws -> ServiceProcess.Outcome {
    try ServiceProcess.run(
      arguments + ["--data-dir", directory],
      environment: ["BBFAN_PUBLIC_SOURCES": publicSources])
  }

  private func rickAndMorty(_ outcome: ServiceProcess.Outcome) throws -> JSONValue? {
    let info = try JSONParser.parse(String(decoding: outcome.stdout, as: UTF8.self))
    return info["universes"]?.arrayValue?.first { $0["universe"] == .string("rick-and-morty") }
  }

  private static let refresh = ["call", "catalog.refresh", #"{"universe":"rick-and-morty"}"#]

  @Test("with no --source the refresh fetches from the public API; service.info names it after")
  func refreshesFromThePublicAPI() throws {
    defer { cleanUp() }
    let api = server.rickAndMorty("fewer")
    let standIn = "rick-and-morty=" + api
    let before = try rickAndMorty(run(["call", "service.info"], publicSources: standIn))
    #expect(before?["source"] == .string("embedded"))
    #expect(before?["liveSource"] == .null)

    let refreshed = try run(Self.refresh, publicSources: standIn)
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let result = try JSONParser.parse(String(decoding: refreshed.stdout, as: UTF8.self))
    #expect(result["counts"]?["characters"] == .integer(816))
    #expect(result["source"] == .string(api))

    // Named once the refresh succeeded, and remembered by the data directory: a later start
    // with the public APIs off serves that refresh and refreshes from the same URL.
    for publicSources in [standIn, "off"] {
      let after = try rickAndMorty(run(["call", "service.info"], publicSources: publicSources))
      #expect(after?["source"] == .string(api))
      #expect(after?["liveSource"] == .string(api))
      #expect(after?["counts"]?["characters"] == .integer(816))
    }
    let again = try run(Self.refresh, publicSources: "off")
    #expect(again.status == 0, "\(again.stderr)")
  }

  @Test("offline, the refresh fails saying so, and the list stays as it was")
  func offline() throws {
    defer { cleanUp() }
    let gone = try FakeAPIServer()
    let api = gone.rickAndMorty()
    gone.stop()
    let outcome = try run(Self.refresh, publicSources: "rick-and-morty=" + api)
    #expect(outcome.status == 1)
    let error = try JSONParser.parse(outcome.stderr)
    #expect(error["code"] == .integer(-32011))
    #expect(error["data"]?["failure"] == .string("connection-refused"))
    #expect(error["message"]?.stringValue?.hasSuffix("The catalog in use is unchanged.") == true)
    let list = try run(
      ["call", "characters.list", #"{"universe":"rick-and-morty","limit":1}"#], publicSources: "off"
    )
    let total = try JSONParser.parse(String(decoding: list.stdout, as: UTF8.self))["total"]
    #expect(total == .integer(826))
    let info = try rickAndMorty(run(["call", "service.info"], publicSources: "off"))
    #expect(info?["source"] == .string("embedded"))
    #expect(info?["liveSource"] == .null)
  }

  @Test("BBFAN_PUBLIC_SOURCES=off: Rick and Morty has no live source, as before")
  func turnedOff() throws {
    defer { cleanUp() }
    let outcome = try run(Self.refresh, publicSources: "off")
    #expect(outcome.status == 1)
    let error = try JSONParser.parse(outcome.stderr)
    #expect(error["code"] == .integer(-32014))
    #expect(error["data"]?["universe"] == .string("rick-and-morty"))
  }

  @Test("--source rick-and-morty=embedded wins over the public API")
  func embeddedWins() throws {
    defer { cleanUp() }
    let outcome = try run(
      Self.refresh + ["--source", "rick-and-morty=embedded"],
      publicSources: "rick-and-morty=" + server.rickAndMorty())
    #expect(outcome.status == 1)
    #expect(try JSONParser.parse(outcome.stderr)["code"] == .integer(-32014))
  }

  @Test("Breaking Bad has no public API: its refresh says the API is gone")
  func breakingBadIsGone() throws {
    defer { cleanUp() }
    let outcome = try run(["call", "catalog.refresh"], publicSources: "off")
    #expect(outcome.status == 1)
    let error = try JSONParser.parse(outcome.stderr)
    #expect(error["code"] == .integer(-32014))
    #expect(error["message"]?.stringValue?.contains("breakingbadapi.com) is gone") == true)
  }

  @Test(
    "a BBFAN_PUBLIC_SOURCES that cannot be used stops the start with a sentence",
    arguments: [
      ("nowhere=http://127.0.0.1:1/api", "the universes are"),
      ("rick-and-morty", "takes 'off' or UNIVERSE=URL entries"),
      ("rick-and-morty=embedded", "not 'embedded'"),
      ("rick-and-morty=ftp://example.com/api", "BBFAN_PUBLIC_SOURCES: --source takes"),
    ])
  func unusable(value: String, says: String) throws {
    defer { cleanUp() }
    let outcome = try run(["call", "service.info"], publicSources: value)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains(says), "\(outcome.stderr)")
  }
}
