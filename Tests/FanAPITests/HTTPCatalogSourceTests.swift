import FanAPI
import FanCore
import FanCurl
import Foundation
import TestSupport
import Testing

@Suite("HTTP source against the test server", .serialized)
struct HTTPCatalogSourceTests {
  /// One server for the suite's tests (they only read from it).
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer

  init() throws {
    server = try Self.shared.get()
  }

  private func source(
    _ scenario: String, limits: HTTPLimits = HTTPLimits(timeoutSeconds: 5)
  ) throws -> HTTPCatalogSource {
    HTTPCatalogSource(
      universe: BreakingBad(),
      endpoint: try APIEndpoint(base: server.api(scenario)),
      client: HTTPClient(transport: CurlTransport(), limits: limits))
  }

  private func snapshot(_ bodies: [CatalogResource: [Data]]) throws -> BreakingBadSnapshot {
    try BreakingBadSnapshot.decode(
      characters: bodies[.characters]?.first ?? Data(),
      episodes: bodies[.episodes]?.first ?? Data(), quotes: bodies[.quotes]?.first ?? Data()
    ).snapshot
  }

  @Test("fetches the same snapshot as the embedded one, with validators")
  func fetchesEverything() async throws {
    let fetched = try await source("ok").fetch(cached: [:])
    let embedded = try EmbeddedCatalogSource(universe: BreakingBad()).bodies()
    #expect(try snapshot(fetched.bodies) == snapshot(embedded))
    #expect(fetched.resources.map(\.resource) == [.characters, .episodes, .quotes])
    #expect(fetched.resources.allSatisfy { $0.body.validators.etag != nil && !$0.notModified })
    #expect(fetched.resources[0].body.url == server.api("ok") + "/characters")
  }

  @Test("asks conditionally with what it holds, and keeps its copy on 304")
  func conditional() async throws {
    let source = try source("ok")
    let first = try await source.fetch(cached: [:])
    let cached = Dictionary(uniqueKeysWithValues: first.resources.map { ($0.body.url, $0.body) })
    let second = try await source.fetch(cached: cached)
    #expect(second.resources.allSatisfy { $0.notModified })
    #expect(try snapshot(second.bodies) == snapshot(first.bodies))
  }

  @Test("a 304 for a body known good is not checked again; for any other body it is")
  func confirmedNotChecked() async throws {
    let source = try source("ok")
    let first = try await source.fetch(cached: [:])
    var cached = Dictionary(uniqueKeysWithValues: first.resources.map { ($0.body.url, $0.body) })
    // The copy held of the characters no longer decodes, though the server still confirms it.
    let characters = server.api("ok") + "/characters"
    cached[characters]?.bytes = Data(#"[{"char_id": "one"}]"#.utf8)
    await #expect(throws: UpstreamError.self) {
      try await source.fetch(cached: cached)
    }
    let confirmed = try await source.fetch(cached: cached, confirmed: [characters])
    #expect(confirmed.resources.allSatisfy { $0.notModified })
    #expect(confirmed.resources[0].body.bytes == Data(#"[{"char_id": "one"}]"#.utf8))
    // Only a 304 skips the check: a body the server sends again is checked, confirmed or not.
    await #expect(throws: UpstreamError.self) {
      try await self.source("badfield").fetch(cached: [:], confirmed: [characters])
    }
  }

  @Test("single records and random quotes come unwrapped from one-element arrays")
  func singles() async throws {
    let source = try source("ok")
    #expect(try await source.character(id: 1)?.name == "Walter White")
    #expect(try await source.episode(id: 60)?.title == "Ozymandias")
    #expect(try await source.quote(id: 1)?.quoteID == 1)
    #expect(try await source.randomQuote(author: "jesse pinkman")?.author == "Jesse Pinkman")
    #expect(try await source.randomQuote(author: "Nobody At All") == nil)
    #expect(try await source.character(id: 9999) == nil)
  }

  @Test(
    "every failure names the URL and what went wrong",
    arguments: [
      ("status-500", UpstreamError.Failure.httpStatus(500)),
      ("status-404", .httpStatus(404)),
      ("retry-9-100", .rateLimited(status: 429, retryAfter: 100, attempts: 1)),
      ("truncated", .connectionLost),
      ("invalid", .invalidJSON("The given data was not valid JSON.")),
      ("wrongshape", .wrongShape("expected an array of characters")),
      ("empty", .wrongShape("the list of characters is empty")),
      ("huge", .tooLarge(limit: 1 << 20)),
      ("hugestream", .tooLarge(limit: 1 << 20)),
      ("slow-3000", .timedOut(seconds: 0.5)),
      // Half the declared body, then nothing: the timeout, not a lost connection.
      ("stall", .timedOut(seconds: 0.5)),
    ])
  func failures(scenario: String, failure: UpstreamError.Failure) async throws {
    let timeout = scenario.hasPrefix("slow") || scenario == "stall" ? 0.5 : 10
    let limits = HTTPLimits(timeoutSeconds: timeout, maxBodyBytes: 1 << 20)
    let error = await #expect(throws: UpstreamError.self) {
      try await source(scenario, limits: limits).fetch(cached: [:])
    }
    #expect(error?.url == server.api(scenario) + "/characters")
    if case .invalidJSON = failure {
      #expect(error?.failure.kind == "invalid-json")
    } else {
      #expect(error?.failure == failure)
    }
  }

  @Test("a declared Content-Length over the cap is refused before any of the body is sent")
  func declaredLengthRefused() async throws {
    // The server sends the headers, then holds the body back for up to 5 s while it watches
    // for the client to close the connection; only a client that reads on gets any of it.
    let limits = HTTPLimits(timeoutSeconds: 10, maxBodyBytes: 1 << 20)
    let client = HTTPClient(transport: CurlTransport(), limits: limits)
    let url = try #require(URL(string: server.api("declared-200000000") + "/characters"))
    let error = await #expect(throws: UpstreamError.self) {
      try await client.get(url, accept: "application/json")
    }
    #expect(error?.failure == .tooLarge(limit: 1 << 20))
    #expect(try await server.hits()["/declared-200000000/api/characters"] == 1)
    #expect(try await server.sent()["/declared-200000000/api/characters", default: 0] == 0)
  }

  @Test("a redirect is followed unless the exchange says not to; then the 3xx comes back")
  func redirects() async throws {
    // Page 2 of the `redirect` scenario answers 302 to the same page of `ok` on "localhost".
    let url = server.rickAndMorty("redirect") + "/character?page=2"
    let kept = try await CurlTransport().perform(
      HTTPExchange(
        url: url, headers: [:], maxBytes: 1 << 20, timeoutSeconds: 10, followsRedirects: false))
    #expect(kept.status == 302)
    #expect(kept.headers["Location"]?.hasSuffix("/ok/rmapi/character?page=2") == true)
    let followed = try await CurlTransport().perform(
      HTTPExchange(url: url, headers: [:], maxBytes: 1 << 20, timeoutSeconds: 10))
    #expect(followed.status == 200)
    #expect(followed.headers["Location"] == nil)
    #expect(try JSONSerialization.jsonObject(with: followed.body) is [String: Any])
  }

  @Test("a body without Content-Length stops being read soon after the cap")
  func streamedBodyStopped() async throws {
    let limits = HTTPLimits(timeoutSeconds: 10, maxBodyBytes: 1 << 20)
    let client = HTTPClient(transport: CurlTransport(), limits: limits)
    let url = try #require(URL(string: server.api("hugestream-200000000") + "/characters"))
    let error = await #expect(throws: UpstreamError.self) {
      try await client.get(url, accept: "application/json")
    }
    #expect(error?.failure == .tooLarge(limit: 1 << 20))
    // The cap, plus what the sockets' buffers held when the client closed: nowhere near 200 MB.
    let sent = try await server.sent()["/hugestream-200000000/api/characters", default: 0]
    #expect(sent < 64 << 20, "the server wrote \(sent) bytes of a body capped at 1 MiB")
  }

  @Test("a record of the wrong type fails the whole fetch, naming the record and field")
  func wrongField() async throws {
    let error = await #expect(throws: UpstreamError.self) {
      try await source("badfield").fetch(cached: [:])
    }
    guard case .wrongShape(let detail)? = error?.failure else {
      Issue.record("expected wrong-shape, got \(String(describing: error))")
      return
    }
    #expect(detail.hasPrefix("character 4: record 3 does not decode: [3].name"))
  }

  @Test("nothing listening: connection refused")
  func refused() async throws {
    let stopped = try FakeAPIServer()
    stopped.stop()
    let source = HTTPCatalogSource(
      universe: BreakingBad(), endpoint: try APIEndpoint(base: stopped.api()),
      client: HTTPClient(transport: CurlTransport()))
    let error = await #expect(throws: UpstreamError.self) {
      try await source.fetch(cached: [:])
    }
    #expect(error?.failure == .connectionRefused)
  }

  @Test("429 with Retry-After is honoured, then the request goes through")
  func retriesAfterWaiting() async throws {
    let waits = RecordedWaits()
    let client = HTTPClient(transport: CurlTransport(), limits: HTTPLimits(timeoutSeconds: 5))
    let url = try #require(URL(string: server.api("retry-2-1") + "/quotes"))
    let outcome = try await client.get(url, accept: "application/json") { seconds, attempt in
      waits.add(seconds, attempt)
    }
    guard case .fetched(let body) = outcome else {
      Issue.record("expected a body, got \(outcome)")
      return
    }
    #expect(!body.bytes.isEmpty)
    #expect(waits.all == [(1, 1), (1, 2)].map(RecordedWaits.Wait.init))
    #expect(try await server.hits()["/retry-2-1/api/quotes"] == 3)
  }

  @Test("503 without Retry-After backs off, doubling, for a bounded number of attempts")
  func backsOff() async throws {
    let waits = RecordedWaits()
    let limits = HTTPLimits(timeoutSeconds: 5, maxAttempts: 3, initialBackoffSeconds: 0.05)
    let url = try #require(URL(string: server.api("retry503-5") + "/quotes"))
    let error = await #expect(throws: UpstreamError.self) {
      try await HTTPClient(transport: CurlTransport(), limits: limits).get(
        url, accept: "application/json"
      ) {
        seconds, attempt in
        waits.add(seconds, attempt)
      }
    }
    #expect(error?.failure == .rateLimited(status: 503, retryAfter: nil, attempts: 3))
    #expect(waits.all == [(0.05, 1), (0.1, 2)].map(RecordedWaits.Wait.init))
  }

  @Test("cancelling the task stops a request the server has not answered")
  func cancels() async throws {
    // The server holds the request until the test releases it, which it does only afterwards:
    // a fetch that waited for the server would end in a timeout (30 s), not a cancellation.
    let name = "cancels-\(UUID().uuidString)"
    let source = try source("held-\(name)", limits: HTTPLimits(timeoutSeconds: 30))
    await #expect(throws: CancellationError.self) {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { _ = try await source.fetch(cached: [:]) }
        // Cancelled once the request is at the server (looked for for at most 10 s).
        for _ in 0..<500 {
          let hits = try await server.hits()
          if hits.keys.contains(where: { $0.hasPrefix("/held-\(name)/") }) { break }
          try await Task.sleep(for: .milliseconds(20))
        }
        group.cancelAll()
        try await group.waitForAll()
      }
    }
    try await server.release(name)
  }
}

/// The waits an `HTTPClient` announced before retrying.
final class RecordedWaits: @unchecked Sendable {
  struct Wait: Equatable {
    var seconds: Double
    var attempt: Int
    init(_ pair: (Double, Int)) { (seconds, attempt) = pair }
  }

  private let lock = NSLock()
  private var waits: [Wait] = []

  func add(_ seconds: Double, _ attempt: Int) {
    lock.withLock { waits.append(Wait((seconds, attempt))) }
  }

  var all: [Wait] { lock.withLock { waits } }
}
