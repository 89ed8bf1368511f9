import Foundation
import JSON
import TestSupport
import Testing

@Suite("images.fetch: the on-disk image cache", .serialized)
struct ImageCacheEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func fetch(_ session: LiveSession, _ id: Int, _ url: String, _ more: String = "")
    throws -> JSONValue
  {
    try session.call(id, "images.fetch", #"{"url":"\#(url)"\#(more)}"#)
  }

  private func session(_ extra: [String] = []) throws -> LiveSession {
    try LiveSession(source: server.api(), directory: directory, extra: extra)
  }

  @Test(
    "downloads once into the data directory; with maxAge 0 revalidates with a conditional request")
  func downloadThenRevalidate() async throws {
    defer { cleanUp() }
    let url = server.image("walt-2000.png", scenario: "ok")
    let session = try session()
    let first = try fetch(session, 1, url)["result"]
    #expect(first?["freshness"] == .string("downloaded"))
    #expect(first?["mimeType"] == .string("image/png"))
    #expect(first?["bytes"] == .integer(2000))
    let path = try #require(first?["path"]?.stringValue)
    #expect(path.hasPrefix(directory + "/images/"))
    let data = try Data(contentsOf: URL(filePath: path))
    #expect(data.count == 2000 && data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let second = try fetch(session, 2, url, #","maxAge":0"#)["result"]
    #expect(second?["freshness"] == .string("revalidated"))
    #expect(second?["path"] == first?["path"])
    #expect(try await server.hits()["/ok/img/walt-2000.png"] == 2)
    try session.close()
  }

  @Test("concurrent fetches of one URL make one download")
  func singleFlight() async throws {
    defer { cleanUp() }
    let url = server.image("jesse-1500.jpg", scenario: "slow-400")
    let session = try session()
    for id in 1...6 {
      try session.send(id, "images.fetch", #"{"url":"\#(url)"}"#)
    }
    var paths: Set<String> = []
    for id in 1...6 {
      let reply = try session.reply(to: id).reply
      #expect(reply["result"]?["freshness"] == .string("downloaded"), "\(reply.serializedText)")
      paths.insert(reply["result"]?["path"]?.stringValue ?? "")
    }
    #expect(paths.count == 1)
    #expect(try await server.hits()["/slow-400/img/jesse-1500.jpg"] == 1)
    try session.close()
  }

  @Test("over the size cap, the least recently used images are removed first")
  func evictsLeastRecentlyUsed() async throws {
    defer { cleanUp() }
    let session = try session(["--image-cache-bytes", "5000"])
    let a = try fetch(session, 1, server.image("a-2000.png"))["result"]?["path"]?.stringValue
    let b = try fetch(session, 2, server.image("b-2000.png"))["result"]?["path"]?.stringValue
    // Using a again makes b the least recently used.
    #expect(try fetch(session, 3, server.image("a-2000.png"))["result"]?["path"]?.stringValue == a)
    let c = try fetch(session, 4, server.image("c-2000.png"))["result"]?["path"]?.stringValue
    let exists = { (path: String?) in FileManager.default.fileExists(atPath: path ?? "") }
    #expect(exists(a) && exists(c))
    #expect(!exists(b))
    let again = try fetch(session, 5, server.image("b-2000.png"))["result"]
    #expect(again?["freshness"] == .string("downloaded"))
    try session.close()
  }

  @Test("a failed download fails again at once with retryAfter, without a request to the host")
  func failureRemembered() async throws {
    defer { cleanUp() }
    let url = server.image("gus-700.png", scenario: "status-500")
    let session = try session()
    let first = try #require(try fetch(session, 1, url)["error"])
    #expect(first["data"]?["status"] == .integer(500))
    #expect(first["data"]?["retryAfter"] == nil)
    let second = try #require(try fetch(session, 2, url)["error"])
    #expect(second["code"] == first["code"])
    let retryAfter = try #require(
      second["data"]?["retryAfter"].flatMap { value -> Int? in
        if case .number(let text) = value { Int(text) } else { nil }
      })
    #expect((1...30).contains(retryAfter))
    var same = try #require(second["data"]?.objectValue)
    _ = same.remove("retryAfter")
    #expect(JSONValue.object(same) == first["data"])
    #expect(try await server.hits()["/status-500/img/gus-700.png"] == 1)
    // maxAge 0 asks the host all the same.
    let asked = try #require(try fetch(session, 3, url, #","maxAge":0"#)["error"])
    #expect(asked["data"]?["retryAfter"] == nil)
    #expect(try await server.hits()["/status-500/img/gus-700.png"] == 2)
    try session.close()
  }

  @Test("--image-retry-after 0 remembers no failure")
  func failureNotRemembered() async throws {
    defer { cleanUp() }
    let url = server.image("hector-600.png", scenario: "status-404")
    let session = try session(["--image-retry-after", "0"])
    for id in 1...2 {
      let error = try #require(try fetch(session, id, url)["error"])
      #expect(error["data"]?["retryAfter"] == nil)
    }
    #expect(try await server.hits()["/status-404/img/hector-600.png"] == 2)
    try session.close()
  }

  @Test("a failure never hides a cached copy: it is answered stale, as before")
  func failureKeepsCopy() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let url = server.image("tuco-900.png", scenario: "live")
    let session = try session()
    #expect(try fetch(session, 1, url)["result"]?["freshness"] == .string("downloaded"))
    try await server.setLiveMode("status-503")
    for id in 2...3 {
      let stale = try fetch(session, id, url, #","maxAge":0"#)["result"]
      #expect(stale?["freshness"] == .string("stale"))
    }
    try await server.setLiveMode("ok")
    try session.close()
  }

  @Test("when the server is down, the cached copy is returned as stale, with the reason")
  func staleWhenDown() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let url = server.image("skyler-800.gif", scenario: "live")
    let session = try session()
    #expect(try fetch(session, 1, url)["result"]?["freshness"] == .string("downloaded"))
    try await server.setLiveMode("status-503")
    let stale = try fetch(session, 2, url, #","maxAge":0"#)["result"]
    #expect(stale?["freshness"] == .string("stale"))
    #expect(stale?["warning"]?.stringValue?.contains("HTTP 503") == true)
    try await server.setLiveMode("ok")
    try session.close()
  }

  @Test(
    "refuses what is not an http(s) image, with a clear error",
    arguments: [
      ("ok/img/page.html", -32013, "not-an-image"),
      ("hugestream/img/endless.png", -32012, "upstream-invalid"),
      ("status-404/img/gone.png", -32011, "upstream-unavailable"),
    ])
  func refuses(path: String, code: Int, reason: String) async throws {
    defer { cleanUp() }
    let session = try session()
    let reply = try fetch(session, 1, "http://127.0.0.1:\(server.port)/\(path)")
    #expect(reply["error"]?["code"] == .integer(code))
    #expect(reply["error"]?["data"]?["reason"] == .string(reason))
    for (id, bad) in ["file:///etc/passwd", "ftp://host/a.png", "images/a.png"].enumerated() {
      let refused = try fetch(session, id + 2, bad)
      #expect(refused["error"]?["code"] == .integer(-32602))
      #expect(refused["error"]?["data"]?["field"] == .string("url"))
    }
    try session.close()
  }

  @Test("a service without libcurl says what to install; the catalog still works")
  func missingLibcurl() throws {
    defer { cleanUp() }
    let session = try LiveSession(
      source: server.api(), directory: directory,
      environment: ["BBFAN_LIBCURL": "/nonexistent/libcurl.so.4"])
    let reply = try fetch(session, 1, server.image("a-100.png"))
    #expect(reply["error"]?["code"] == .integer(-32011))
    #expect(reply["error"]?["data"]?["reason"] == .string("upstream-unavailable"))
    #expect(reply.serializedText.contains("HTTP needs libcurl"), "\(reply.serializedText)")
    #expect(reply.serializedText.contains("/nonexistent/libcurl.so.4"), "\(reply.serializedText)")
    let episode = try session.call(2, "episodes.get", #"{"id":1}"#)
    #expect(episode["result"] != nil)
    try session.close()
  }

  @Test("a young cached copy is answered without a request to the host, a day by default")
  func cachedWithoutRequest() async throws {
    defer { cleanUp() }
    let url = server.image("gus-1200.png", scenario: "ok")
    let session = try session()
    #expect(try fetch(session, 1, url)["result"]?["freshness"] == .string("downloaded"))
    // Two lists and ten rows draw the same image again and again: one request in all.
    for id in 2...12 {
      let again = try fetch(session, id, url)["result"]
      #expect(again?["freshness"] == .string("cached"), "\(id)")
      #expect(again?["bytes"] == .integer(1200))
      #expect(again?["warning"] == .null)
    }
    // A maxAge the copy is younger than is cached too, however large; 0 asks the host.
    let huge = #","maxAge":9223372036854775807"#
    #expect(try fetch(session, 15, url, huge)["result"]?["freshness"] == .string("cached"))
    #expect(
      try fetch(session, 13, url, #","maxAge":3600"#)["result"]?["freshness"] == .string("cached"))
    #expect(try await server.hits()["/ok/img/gus-1200.png"] == 1)
    #expect(
      try fetch(session, 14, url, #","maxAge":0"#)["result"]?["freshness"] == .string("revalidated")
    )
    #expect(try await server.hits()["/ok/img/gus-1200.png"] == 2)
    try session.close()
  }

  @Test("the host's Cache-Control max-age is the default: max-age=0 and no-cache revalidate")
  func hostMaxAge() async throws {
    defer { cleanUp() }
    let session = try session()
    for (index, scenario) in ["maxage-0", "nocache"].enumerated() {
      let url = server.image("hank-700.png", scenario: scenario)
      let path = "/\(scenario)/img/hank-700.png"
      #expect(
        try fetch(session, index * 10 + 1, url)["result"]?["freshness"] == .string("downloaded"))
      #expect(
        try fetch(session, index * 10 + 2, url)["result"]?["freshness"] == .string("revalidated"))
      #expect(try await server.hits()[path] == 2)
      // The caller's maxAge wins over the host's.
      let kept = try fetch(session, index * 10 + 3, url, #","maxAge":60"#)["result"]
      #expect(kept?["freshness"] == .string("cached"))
      #expect(try await server.hits()[path] == 2)
    }
    // A host's long max-age keeps the copy without a request.
    let long = server.image("marie-300.png", scenario: "maxage-600")
    #expect(try fetch(session, 31, long)["result"]?["freshness"] == .string("downloaded"))
    #expect(try fetch(session, 32, long)["result"]?["freshness"] == .string("cached"))
    #expect(try await server.hits()["/maxage-600/img/marie-300.png"] == 1)
    try session.close()
  }

  @Test("a host that cannot be reached: the cached copy at once as stale, else -32011")
  func offline() async throws {
    defer { cleanUp() }
    let own = try FakeAPIServer()
    let url = own.image("saul-900.png")
    let session = try session()
    #expect(try fetch(session, 1, url)["result"]?["freshness"] == .string("downloaded"))
    own.stop()
    // Young enough: no request at all, so nothing to fail.
    #expect(try fetch(session, 2, url)["result"]?["freshness"] == .string("cached"))
    let stale = try fetch(session, 3, url, #","maxAge":0"#)["result"]
    #expect(stale?["freshness"] == .string("stale"))
    #expect(stale?["bytes"] == .integer(900))
    #expect(
      stale?["warning"]?.stringValue?.contains("refused") == true, "\(String(describing: stale))")
    let missing = try fetch(session, 4, own.image("never-100.png"))["error"]
    #expect(missing?["code"] == .integer(-32011))
    #expect(missing?["data"]?["failure"] == .string("connection-refused"))
    // A host name that does not resolve.
    let unknown = try fetch(session, 5, "http://bbfan-test.invalid/a.png")["error"]
    #expect(unknown?["code"] == .integer(-32011))
    #expect(unknown?["data"]?["failure"] == .string("unreachable"))
    try session.close()
  }

  @Test(
    "a host that drops every packet fails within --connect-timeout, not --http-timeout",
    .timeLimit(.minutes(1)))
  func connectTimeout() async throws {
    defer { cleanUp() }
    let silent = try await server.silentPort()
    // With a ten-minute --http-timeout, only the one-second connect timeout can end these
    // requests within the test's limit.
    let session = try session(["--http-timeout", "600", "--connect-timeout", "1"])
    let url = "http://127.0.0.1:\(silent)/img/lost-100.png"
    let reply = try fetch(session, 1, url)["error"]
    #expect(reply?["code"] == .integer(-32011))
    #expect(reply?["data"]?["failure"] == .string("unreachable"), "\(String(describing: reply))")
    #expect(reply?["message"]?.stringValue?.contains("no connection within 1 second") == true)
    try session.close()
  }

  @Test("inline answers the bytes in plain base64, downloaded, cached or revalidated")
  func inline() throws {
    defer { cleanUp() }
    let url = server.image("skinny-1500.png")
    let session = try session()
    for (id, more) in [
      (1, #","inline":true"#), (2, #","inline":true"#), (3, #","inline":true,"maxAge":0"#),
    ] {
      let result = try fetch(session, id, url, more)["result"]
      let path = try #require(result?["path"]?.stringValue)
      let content = try #require(result?["content"]?.stringValue)
      #expect(Data(base64Encoded: content) == (try Data(contentsOf: URL(filePath: path))))
    }
    #expect(try fetch(session, 4, url)["result"]?["content"] == nil)
    #expect(try fetch(session, 5, url, #","inline":false"#)["result"]?["content"] == nil)
    try session.close()
  }

  @Test(
    "maxAge and inline are checked",
    arguments: [
      (#","maxAge":-1"#, "maxAge"), (#","maxAge":"day""#, "maxAge"),
      (#","inline":"yes""#, "inline"),
    ])
  func badParams(more: String, field: String) throws {
    defer { cleanUp() }
    let session = try session()
    let reply = try fetch(session, 1, server.image("a-100.png"), more)["error"]
    #expect(reply?["code"] == .integer(-32602))
    #expect(reply?["data"]?["field"] == .string(field))
    try session.close()
  }
}
