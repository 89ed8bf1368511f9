import FanAPI
import FanCore
import FanCurl
import Foundation
import TestSupport
import Testing

@Suite("A paged API (Rick and Morty) against the test server", .serialized)
struct PagedCatalogSourceTests {
  /// One server for the suite's tests (they only read from it).
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer

  init() throws {
    server = try Self.shared.get()
  }

  private func source(
    _ scenario: String, limits: HTTPLimits = HTTPLimits(timeoutSeconds: 30)
  ) throws -> HTTPCatalogSource {
    HTTPCatalogSource(
      universe: RickAndMorty(),
      endpoint: try APIEndpoint(base: server.rickAndMorty(scenario)),
      client: HTTPClient(transport: CurlTransport(), limits: limits))
  }

  @Test("follows info.next through every page; the pages join into the embedded catalog")
  func followsPages() async throws {
    let recorder = ProgressRecorder()
    let fetched = try await source("ok").fetch(cached: [:]) { recorder.add($0) }
    // 826 characters, 51 episodes and 126 locations, 20 a page.
    let pages = fetched.resources.map { "\($0.resource.name) \($0.page)" }
    let expected =
      (1...42).map { "characters \($0)" } + (1...3).map { "episodes \($0)" }
      + (1...7).map { "locations \($0)" }
    #expect(pages == expected)
    #expect(fetched.resources.allSatisfy { $0.paged && $0.body.validators.etag != nil })
    #expect(fetched.resources[1].body.url == server.rickAndMorty() + "/character?page=2")

    let live = try RickAndMorty().catalog(from: fetched.bodies)
    let embedded = try EmbeddedCatalogSource(universe: RickAndMorty()).catalog()
    #expect(live.catalog.characters == embedded.catalog.characters)
    #expect(live.catalog.episodes == embedded.catalog.episodes)
    #expect(live.catalog.locations == embedded.catalog.locations)
    #expect(live.problems == embedded.problems)

    // Progress: one per page, counting up; the expected total is known once a list's first
    // page says how many it has.
    let heard = recorder.all
    #expect(heard.map(\.fetched) == Array(1...52))
    #expect(heard.first?.expected == 44)
    #expect(heard.last?.expected == 52)
    #expect(heard.allSatisfy { $0.fetched <= $0.expected })
  }

  @Test("asks for every page conditionally with what it holds, and keeps its copies on 304")
  func conditional() async throws {
    let source = try source("ok")
    let first = try await source.fetch(cached: [:])
    let cached = Dictionary(uniqueKeysWithValues: first.resources.map { ($0.body.url, $0.body) })
    let second = try await source.fetch(cached: cached)
    #expect(second.resources.count == 52)
    #expect(second.resources.allSatisfy { $0.notModified })
    #expect(second.bodies == first.bodies)
  }

  @Test("a page known good and confirmed by a 304 only has its links read, and they are followed")
  func confirmedPages() async throws {
    let source = try source("ok")
    let first = try await source.fetch(cached: [:])
    var cached = Dictionary(uniqueKeysWithValues: first.resources.map { ($0.body.url, $0.body) })
    // Page 2 of the characters keeps its links, but its first record no longer decodes.
    let page2 = server.rickAndMorty() + "/character?page=2"
    let held = try #require(cached[page2])
    var page = try #require(try JSONSerialization.jsonObject(with: held.bytes) as? [String: Any])
    var results = try #require(page["results"] as? [Any])
    results[0] = ["id": "two"]
    page["results"] = results
    cached[page2]?.bytes = try JSONSerialization.data(withJSONObject: page)
    await #expect(throws: UpstreamError.self) {
      try await source.fetch(cached: cached)
    }
    let confirmed = try await source.fetch(cached: cached, confirmed: Set(cached.keys))
    #expect(confirmed.resources.count == 52)
    #expect(confirmed.resources.allSatisfy { $0.notModified && $0.paged })
    #expect(confirmed.resources.map(\.body.url) == first.resources.map(\.body.url))
  }

  @Test("a page's links read alone are the ones its full decoding finds; a joined list has none")
  func pageLinks() async throws {
    let universe = RickAndMorty()
    let first = try await source("ok").fetch(cached: [:])
    for fetched in first.resources {
      let decoded = try universe.decode(fetched.resource, from: fetched.body.bytes)
      let links = try universe.pageLinks(of: fetched.resource, in: fetched.body.bytes)
      #expect(links == PageLinks(nextPage: decoded.nextPage, pageCount: decoded.pageCount))
    }
    // The last page of the locations: no next page, seven in all.
    let last = try #require(first.resources.last)
    #expect(
      try universe.pageLinks(of: last.resource, in: last.body.bytes) == PageLinks(pageCount: 7))
    let joined = try EmbeddedCatalogSource(universe: universe).bodies()
    for (resource, bodies) in joined {
      #expect(try universe.pageLinks(of: resource, in: bodies[0]) == PageLinks())
    }
    #expect(throws: SourceError.self) {
      try universe.pageLinks(of: RickAndMorty.characterList, in: Data(#"{"info": 3}"#.utf8))
    }
  }

  @Test(
    "a page that fails, or links where it should not, fails the refresh naming the page",
    arguments: [
      ("failpage-3", "/character?page=3", "http-status"),
      ("badpage-3", "/character?page=3", "wrong-shape"),
      ("offsite", "/character", "wrong-shape"),
      ("loop", "/character?page=1", "wrong-shape"),
      ("endless", "/character?page=50", "too-many-pages"),
      ("dotdot", "/character", "wrong-shape"),
      ("redirect", "/character?page=2", "redirected"),
      ("wrongshape", "/character", "wrong-shape"),
      ("empty", "/character", "wrong-shape"),
    ])
  func failures(scenario: String, path: String, kind: String) async throws {
    var limits = HTTPLimits(timeoutSeconds: 30)
    limits.maxPages = 50
    let error = await #expect(throws: UpstreamError.self) {
      try await source(scenario, limits: limits).fetch(cached: [:])
    }
    #expect(error?.url == server.rickAndMorty(scenario) + path)
    #expect(error?.failure.kind == kind)
    if scenario == "offsite" {
      #expect(error?.description.contains("elsewhere.invalid") == true)
    }
  }

  @Test("relative next links are followed, resolved against the page that gives them")
  func relativeLinks() async throws {
    let fetched = try await source("relative").fetch(cached: [:])
    #expect(fetched.resources.count == 52)
    #expect(fetched.resources[2].body.url == server.rickAndMorty("relative") + "/character?page=3")
  }

  @Test(
    "pages are fetched side by side, at most the concurrency at once, and taken in order",
    arguments: [(1, "slow-31"), (4, "slow-32")])
  func sideBySide(concurrency: Int, scenario: String) async throws {
    var limits = HTTPLimits(timeoutSeconds: 30)
    limits.concurrency = concurrency
    let recorder = ProgressRecorder()
    let fetched = try await source(scenario, limits: limits).fetch(cached: [:]) {
      recorder.add($0)
    }
    let sequential = try await source("ok").fetch(cached: [:])
    #expect(fetched.resources.map(\.page) == sequential.resources.map(\.page))
    #expect(
      fetched.resources.map { $0.body.url.replacingOccurrences(of: scenario, with: "ok") }
        == sequential.resources.map(\.body.url))
    let live = try RickAndMorty().catalog(from: fetched.bodies)
    let embedded = try EmbeddedCatalogSource(universe: RickAndMorty()).catalog()
    #expect(live.catalog.characters == embedded.catalog.characters)
    #expect(live.catalog.locations == embedded.catalog.locations)
    #expect(recorder.all.map(\.fetched) == Array(1...52))
    let peak = try #require(try await server.peaks()[scenario])
    if concurrency == 1 {
      #expect(peak == 1)
    } else {
      // The three lists' first pages go out together, then the pages each one announces.
      #expect(peak > 1 && peak <= concurrency)
    }
    // Every page asked once: the guesses were all right.
    let hits = try await server.hits()
    #expect(hits["/\(scenario)/rmapi/character"] == 42)
  }

  @Test("pages whose links cannot be guessed are fetched as linked, the guesses dropped")
  func wrongGuesses() async throws {
    let fetched = try await source("oddlinks").fetch(cached: [:])
    let sequential = try await source("ok").fetch(cached: [:])
    #expect(fetched.resources.count == sequential.resources.count)
    #expect(
      fetched.resources[2].body.url
        == server.rickAndMorty("oddlinks") + "/character?page=3&from=2")
    let live = try RickAndMorty().catalog(from: fetched.bodies)
    let embedded = try EmbeddedCatalogSource(universe: RickAndMorty()).catalog()
    #expect(live.catalog.characters == embedded.catalog.characters)
  }

  @Test("the bodies of one refresh together stay under the byte limit")
  func byteLimit() async throws {
    var limits = HTTPLimits(timeoutSeconds: 30)
    limits.maxRefreshBytes = 100_000
    let error = await #expect(throws: UpstreamError.self) {
      try await source("ok", limits: limits).fetch(cached: [:])
    }
    #expect(error?.failure == .refreshTooLarge(limit: 100_000))
  }

  @Test("the embedded shape (one joined array) and the paged shape decode alike")
  func bothShapes() throws {
    let page = Data(
      #"{"info":{"count":1,"pages":1,"next":null,"prev":null},"results":[{"id":1,"name":"Pilot","air_date":"December 2, 2013","episode":"S01E01","characters":[],"url":"","created":""}]}"#
        .utf8)
    let decoded = try RickAndMorty().decode(RickAndMorty.episodeList, from: page)
    #expect(decoded == DecodedList(records: 1, problems: [], nextPage: nil, pageCount: 1))
    let array = Data(
      #"[{"id":1,"name":"Pilot","air_date":"December 2, 2013","episode":"S01E01","characters":[],"url":"","created":""}]"#
        .utf8)
    let joined = try RickAndMorty().decode(RickAndMorty.episodeList, from: array)
    #expect(joined == DecodedList(records: 1, problems: []))
  }
}

/// The progress a fetch reported, in order.
private final class ProgressRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var heard: [HTTPCatalogSource.Progress] = []

  func add(_ progress: HTTPCatalogSource.Progress) {
    lock.withLock { heard.append(progress) }
  }

  var all: [HTTPCatalogSource.Progress] { lock.withLock { heard } }
}
