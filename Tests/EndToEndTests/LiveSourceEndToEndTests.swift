import Foundation
import JSON
import TestSupport
import Testing

@Suite("catalog.refresh from a live API", .serialized)
struct LiveSourceEndToEndTests: LiveServerSuite {
  static let shared = Result { try FakeAPIServer() }
  let server: FakeAPIServer
  let directory = ServiceProcess.temporaryDataDirectory()

  init() throws {
    server = try Self.shared.get()
  }

  private func characters(_ reply: JSONValue) -> JSONValue? {
    reply["result"]?["catalog"]?["characters"]
  }

  @Test("service.info in one running service tells the catalog before and after a refresh")
  func serviceInfoFollowsRefresh() throws {
    defer { cleanUp() }
    let service = try InteractiveService([
      "--source", server.api("fewer"), "--data-dir", directory,
    ])
    func call(_ id: Int, _ method: String) throws -> JSONValue {
      try service.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"}"# + "\n")
      return try JSONParser.parse(try #require(service.readLine()))
    }
    let before = try call(1, "service.info")["result"]?["catalog"]
    #expect(before?["refreshedAt"] == .null)
    #expect(before?["characters"] == .integer(62))
    let refreshed = try call(2, "catalog.refresh")["result"]
    #expect(refreshed?["changed"] == .bool(true))
    // The news follows the reply.
    let news = try JSONParser.parse(try #require(service.readLine()))
    #expect(news["method"] == .string("catalog.changed"))
    #expect(news["params"]?["refreshedAt"] == refreshed?["refreshedAt"])
    let after = try call(3, "service.info")["result"]?["catalog"]
    #expect(after?["refreshedAt"] == refreshed?["refreshedAt"])
    #expect(after?["refreshedAt"] != .null)
    #expect(after?["characters"] == .integer(52))
    try service.closeInput()
    #expect(service.waitForExit() == 0)
  }

  @Test(
    "a refresh is served at once, saved, and served again at the next start without the network")
  func refreshPersists() async throws {
    defer { cleanUp() }
    let own = try FakeAPIServer()
    let source = own.api("fewer")
    let first = try ServiceProcess.run([
      "call", "catalog.refresh", "--source", source, "--data-dir", directory,
    ])
    #expect(first.status == 0, "\(first.stderr)")
    let refreshed = try JSONParser.parse(String(decoding: first.stdout, as: UTF8.self))
    #expect(refreshed["counts"]?["characters"] == .integer(52))
    #expect(refreshed["counts"]?["quotes"] == .integer(65))

    own.stop()
    let info = try ServiceProcess.run([
      "call", "service.info", "--source", source, "--data-dir", directory,
    ])
    let catalog = try JSONParser.parse(String(decoding: info.stdout, as: UTF8.self))["catalog"]
    #expect(catalog?["source"] == .string(source))
    #expect(catalog?["liveSource"] == .string(source))
    #expect(catalog?["characters"] == .integer(52))
    #expect(catalog?["refreshedAt"] == refreshed["refreshedAt"])
    let list = try ServiceProcess.run([
      "call", "characters.filter", #"{"name":"walter"}"#, "--source", source, "--data-dir",
      directory,
    ])
    #expect(list.status == 0)

    // Without --source the saved refresh is served too, with its source live again.
    let remembered = try ServiceProcess.run(["call", "service.info", "--data-dir", directory])
    let saved = try JSONParser.parse(String(decoding: remembered.stdout, as: UTF8.self))["catalog"]
    #expect(saved?["source"] == .string(source))
    #expect(saved?["liveSource"] == .string(source))
    #expect(saved?["characters"] == .integer(52))

    // --source embedded serves the embedded snapshot for that run.
    let embedded = try ServiceProcess.run([
      "call", "service.info", "--source", "embedded", "--data-dir", directory,
    ])
    let other = try JSONParser.parse(String(decoding: embedded.stdout, as: UTF8.self))["catalog"]
    #expect(other?["source"] == .string("embedded"))
    #expect(other?["liveSource"] == .null)
    #expect(other?["characters"] == .integer(62))
  }

  @Test(
    "every failure is a clear error, and the catalog in use and the saved one stay as they were",
    arguments: [
      ("status-500", -32011, "http-status"),
      ("status-404", -32011, "http-status"),
      // Every request of the suite's server counts towards the first N of its path: a large N
      // keeps this case rate-limited whichever cases ran before it.
      ("retry-1000-100", -32011, "rate-limited"),
      ("slow-3000", -32011, "timeout"),
      ("truncated", -32011, "connection-lost"),
      ("stall", -32011, "timeout"),
      ("invalid", -32012, "invalid-json"),
      ("wrongshape", -32012, "wrong-shape"),
      ("badfield", -32012, "wrong-shape"),
      ("empty", -32012, "wrong-shape"),
      ("huge", -32012, "too-large"),
      ("hugestream", -32012, "too-large"),
    ])
  func failureKeepsPrevious(mode: String, code: Int, failure: String) async throws {
    defer { cleanUp() }
    try await server.setLiveMode("fewer")
    let session = try LiveSession(
      source: server.api("live"), directory: directory, extra: ["--http-timeout", "1"])
    let good = try session.call(1, "catalog.refresh")
    #expect(good["result"]?["counts"]?["characters"] == .integer(52))
    let before = try session.call(2, "service.info")

    try await server.setLiveMode(mode)
    let failed = try session.call(3, "catalog.refresh")
    let error = failed["error"]
    #expect(error?["code"] == .integer(code))
    #expect(error?["data"]?["failure"] == .string(failure))
    #expect(error?["data"]?["url"]?.stringValue?.hasPrefix(server.api("live")) == true)
    #expect(error?["message"]?.stringValue?.hasSuffix("The catalog in use is unchanged.") == true)
    let after = try session.call(4, "service.info")
    #expect(after["result"] == before["result"])
    #expect(characters(after) == .integer(52))
    try session.close()

    // The saved snapshot was not touched either.
    let restarted = try LiveSession(source: server.api("live"), directory: directory)
    let again = try restarted.call(1, "service.info")
    #expect(again["result"]?["catalog"] == before["result"]?["catalog"])
    try restarted.close()
  }

  @Test("lists all confirmed unchanged (304) keep the catalog in use only if it was made from them")
  func unchangedListsAfterAnotherRefresh() async throws {
    defer { cleanUp() }
    try await server.setLiveMode("ok")
    let session = try LiveSession(source: server.api("live"), directory: directory)
    let first = try session.call(1, "catalog.refresh")
    #expect(first["result"]?["counts"]?["characters"] == .integer(62))
    let same = try session.call(2, "catalog.refresh")
    let statuses = same["result"]?["resources"]?.arrayValue?.map { $0["status"] }
    #expect(statuses == Array(repeating: .string("not-modified"), count: 3))
    #expect(same["result"]?["counts"]?["characters"] == .integer(62))
    #expect(characters(try session.call(3, "service.info")) == .integer(62))

    // Another process refreshes the same data directory from a changed upstream: the saved
    // snapshot is no longer the one this service's catalog was made from.
    try await server.setLiveMode("fewer")
    let other = try ServiceProcess.run([
      "call", "catalog.refresh", "--source", server.api("live"), "--data-dir", directory,
    ])
    #expect(other.status == 0, "\(other.stderr)")
    let confirmed = try session.call(4, "catalog.refresh")
    let again = confirmed["result"]?["resources"]?.arrayValue?.map { $0["status"] }
    #expect(again == Array(repeating: .string("not-modified"), count: 3))
    #expect(confirmed["result"]?["counts"]?["characters"] == .integer(52))
    #expect(characters(try session.call(5, "service.info")) == .integer(52))
    try session.close()
  }

  @Test("a one-shot refresh that finds every list unchanged answers from what was saved with them")
  func oneShotUnchanged() async throws {
    defer { cleanUp() }
    func refresh() throws -> (result: JSONValue?, log: String) {
      let outcome = try ServiceProcess.run([
        "call", "catalog.refresh", "--source", server.api("live"), "--data-dir", directory,
        "--log-level", "info",
      ])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return (try outcome.lines.first.map { try JSONParser.parse($0) }, outcome.stderr)
    }
    func statuses(_ result: JSONValue?) -> [JSONValue]? {
      result?["resources"]?.arrayValue?.map { $0["status"] ?? .null }
    }
    try await server.setLiveMode("ok")
    let fetched = try refresh()
    #expect(statuses(fetched.result) == Array(repeating: .string("fetched"), count: 3))
    // Every list confirmed (304): the same counts and problems, and no catalog made or loaded
    // (a load would log its "catalog: ... from ..." line).
    let unchanged = try refresh()
    #expect(statuses(unchanged.result) == Array(repeating: .string("not-modified"), count: 3))
    #expect(unchanged.result?["counts"] == fetched.result?["counts"])
    #expect(unchanged.result?["problems"] == fetched.result?["problems"])
    #expect(unchanged.result?["counts"]?["characters"] == .integer(62))
    #expect(!unchanged.log.contains("catalog: 102 episodes"), "\(unchanged.log)")
    // A summary another version of bbfan saved is not used: the catalog is made again.
    let script = """
      import sqlite3,sys
      c=sqlite3.connect(sys.argv[1])
      c.execute("UPDATE catalog_refreshes SET counts = 'characters=1,episodes=1,quotes=1', counts_made_by = '0.0.1'")
      c.commit()
      """
    let (status, output) = try Subprocess.run([
      "python3", "-c", script, directory + "/bbfan.sqlite3",
    ])
    try #require(status == 0, "\(output)")
    let remade = try refresh()
    #expect(statuses(remade.result) == Array(repeating: .string("not-modified"), count: 3))
    #expect(remade.result?["counts"] == fetched.result?["counts"])
    // A changed upstream is made into a new catalog, whose counts are then the ones kept.
    try await server.setLiveMode("fewer")
    let changed = try refresh()
    #expect(changed.result?["counts"]?["characters"] == .integer(52))
    let again = try refresh()
    #expect(statuses(again.result) == Array(repeating: .string("not-modified"), count: 3))
    #expect(again.result?["counts"] == changed.result?["counts"])
    #expect(again.result?["problems"] == changed.result?["problems"])
    // And the saved snapshot is what the next process serves.
    let info = try ServiceProcess.run([
      "call", "service.info", "--source", server.api("live"), "--data-dir", directory,
    ])
    let served = try info.lines.first.map { try JSONParser.parse($0) }
    #expect(served?["catalog"]?["characters"] == .integer(52))
    #expect(served?["catalog"]?["refreshedAt"] == again.result?["refreshedAt"])
  }

  @Test("the digest saved with a refresh names the catalog a later call serves, as its bodies do")
  func savedDigest() async throws {
    defer { cleanUp() }
    let database = directory + "/bbfan.sqlite3"
    func refresh() throws {
      let outcome = try ServiceProcess.run([
        "call", "catalog.refresh", "--source", server.api("live"), "--data-dir", directory,
      ])
      #expect(outcome.status == 0, "\(outcome.stderr)")
    }
    func reply(_ method: String, _ params: String) throws -> String {
      let outcome = try ServiceProcess.run([
        "call", method, params, "--source", server.api("live"), "--data-dir", directory,
      ])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      return String(decoding: outcome.stdout, as: UTF8.self)
    }
    func replies() throws -> [String] {
      try [
        reply("characters.filter", #"{"name":"a"}"#), reply("episodes.filter", #"{"season":2}"#),
        reply("service.info", "{}"),
      ]
    }
    /// The saved refresh's digest, if it counts (saved with the current refresh time).
    func digest() throws -> String? {
      let script = """
        import sqlite3,sys
        c=sqlite3.connect(sys.argv[1])
        r=c.execute("SELECT digest FROM catalog_refreshes WHERE digest_refreshed_at = refreshed_at").fetchall()
        print(r[0][0] if r else "")
        """
      let (status, output) = try Subprocess.run(["python3", "-c", script, database])
      try #require(status == 0, "\(output)")
      let text = output.trimmingCharacters(in: .whitespacesAndNewlines)
      return text.isEmpty ? nil : text
    }
    try await server.setLiveMode("ok")
    try refresh()
    let first = try #require(try digest())
    _ = try replies()  // the first load writes the saved refresh's image, named by the digest
    #expect(
      FileManager.default.fileExists(
        atPath: directory + "/catalog-images/breaking-bad-\(first).image"))
    let named = try replies()
    #expect(named[0].contains(#""total":"#))
    // The digest names the image and the bodies are not read: with them emptied, the calls
    // still answer the refreshed catalog, byte for byte.
    try runSQLite(
      """
      CREATE TABLE kept AS SELECT * FROM catalog_resources;
      UPDATE catalog_resources SET body = x'5B5D';
      """, at: database)
    #expect(try replies() == named)
    // The same bytes by the plain path (bodies read and hashed): bodies back, digest cleared.
    try runSQLite(
      """
      DELETE FROM catalog_resources;
      INSERT INTO catalog_resources SELECT * FROM kept;
      UPDATE catalog_refreshes SET digest = NULL;
      """, at: database)
    #expect(try replies() == named)
    // Another upstream: another digest, and the calls serve the new catalog, not the old image.
    try await server.setLiveMode("fewer")
    try refresh()
    let second = try #require(try digest())
    #expect(second != first)
    let changed = try replies()
    #expect(changed != named)
    #expect(changed[2].contains(#""characters":52"#), "\(changed[2])")
    // A bbfan that keeps no digest (one of schema 6, still running when the database was
    // migrated) saving the first bodies again: the second digest no longer counts, and the calls
    // serve what the bodies hold, the first catalog.
    try runSQLite(
      """
      DELETE FROM catalog_resources;
      INSERT INTO catalog_resources SELECT * FROM kept;
      UPDATE catalog_refreshes SET refreshed_at = refreshed_at + 1;
      """, at: database)
    #expect(try digest() == nil)
    let plain = try replies()
    #expect(plain[0] == named[0])
    #expect(plain[1] == named[1])
  }

  @Test("a one-shot call finds the saved refresh in the stamp, without SQLite, until a commit")
  func stampedRefresh() async throws {
    defer { cleanUp() }
    let stamp = directory + "/bbfan.sqlite3-stamp"
    let missing = ["BBFAN_LIBSQLITE3": "/nonexistent/libsqlite3.so.0"]
    func refresh() throws {
      let outcome = try ServiceProcess.run([
        "call", "catalog.refresh", "--source", server.api("live"), "--data-dir", directory,
      ])
      #expect(outcome.status == 0, "\(outcome.stderr)")
    }
    /// The replies of calls given no --source (each serves the saved refresh), and what they
    /// wrote on stderr.
    func replies(_ environment: [String: String] = [:]) throws -> (replies: [String], log: String) {
      var log = ""
      let replies = try [
        ("characters.filter", #"{"name":"a"}"#), ("episodes.filter", #"{"season":2}"#),
        ("service.info", "{}"),
      ].map { method, params in
        let outcome = try ServiceProcess.run(
          ["call", method, params, "--data-dir", directory], environment: environment)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        log += outcome.stderr
        return String(decoding: outcome.stdout, as: UTF8.self)
      }
      return (replies, log)
    }
    try await server.setLiveMode("ok")
    try refresh()
    let refreshed = try replies()
    #expect(refreshed.replies[2].contains(server.api("live")), "\(refreshed.replies[2])")
    #expect(refreshed.log.isEmpty, "\(refreshed.log)")
    // Left unchanged for two seconds: the next call stamps it, and the calls after it answer
    // from the stamp, the same bytes, without loading SQLite.
    try await Task.sleep(for: .milliseconds(2200))
    #expect(try replies().replies == refreshed.replies)
    #expect(FileManager.default.fileExists(atPath: stamp))
    let stamped = try replies(missing)
    #expect(stamped.replies == refreshed.replies)
    #expect(stamped.log.isEmpty, "SQLite was needed: \(stamped.log)")
    // Without the stamp, the same calls need SQLite: they warn, and serve the embedded catalog.
    try FileManager.default.removeItem(atPath: stamp)
    let unstamped = try replies(missing)
    #expect(unstamped.log.contains("cannot be read"), "\(unstamped.log)")
    #expect(unstamped.replies[2].contains(#""source":"embedded""#), "\(unstamped.replies[2])")
    #expect(try replies().replies == refreshed.replies)
    #expect(FileManager.default.fileExists(atPath: stamp), "stamped again")
    // A new refresh is a commit: the stamp no longer describes the database, at once.
    try await server.setLiveMode("fewer")
    try refresh()
    let again = try replies()
    #expect(again.replies != refreshed.replies)
    #expect(again.replies[2].contains(#""characters":52"#), "\(again.replies[2])")
  }

  @Test("connection refused keeps the previous catalog")
  func refused() async throws {
    defer { cleanUp() }
    let own = try FakeAPIServer()
    let session = try LiveSession(source: own.api("fewer"), directory: directory)
    #expect(try session.call(1, "catalog.refresh")["result"] != nil)
    own.stop()
    let failed = try session.call(2, "catalog.refresh")
    #expect(failed["error"]?["data"]?["failure"] == .string("connection-refused"))
    #expect(characters(try session.call(3, "service.info")) == .integer(52))
    try session.close()
  }

  @Test("429 with Retry-After is waited out, then the refresh succeeds")
  func rateLimitedThenFine() async throws {
    defer { cleanUp() }
    let session = try LiveSession(source: server.api("retry-1-1"), directory: directory)
    let reply = try session.call(1, "catalog.refresh")
    #expect(reply["result"]?["counts"]?["characters"] == .integer(62))
    try session.close()
  }

  @Test("progress notifications for every step, before the reply")
  func progress() async throws {
    defer { cleanUp() }
    let session = try LiveSession(source: server.api("ok"), directory: directory)
    try session.send(1, "catalog.refresh", #"{"progressToken":"r1"}"#)
    let (reply, notifications) = try session.reply(to: 1)
    #expect(reply["result"] != nil)
    let steps = notifications.filter { $0["method"] == .string("notifications/progress") }
    #expect(steps.map { $0["params"]?["progress"] } == (0...5).map { .integer($0) })
    #expect(steps.allSatisfy { $0["params"]?["total"] == .integer(5) })
    #expect(steps.allSatisfy { $0["params"]?["progressToken"] == .string("r1") })
    #expect(steps.last?["params"]?["message"] == .string("saved and in use"))
    try session.close()
  }

  @Test("other requests are answered while a refresh waits on the server, before its reply")
  func othersAnsweredMeanwhile() async throws {
    defer { cleanUp() }
    // The test server holds the refresh's requests until the test releases them, so the
    // refresh is still waiting while the other requests are answered, however long they take.
    let name = "others-meanwhile-\(UUID().uuidString)"
    let session = try LiveSession(source: server.api("held-\(name)"), directory: directory)
    try session.send(1, "catalog.refresh")
    var waiting = false
    for _ in 0..<600 where !waiting {
      waiting = try await server.hits().keys.contains { $0.hasPrefix("/held-\(name)/") }
      if !waiting { try await Task.sleep(for: .milliseconds(50)) }
    }
    try #require(waiting, "the refresh never asked the test server for a list")
    for id in 2...41 {
      let method = id.isMultiple(of: 2) ? "service.info" : "episodes.get"
      try session.send(id, method, method == "service.info" ? "{}" : #"{"id":\#(id)}"#)
      let (reply, _) = try session.reply(to: id)
      #expect(reply["result"] != nil, "\(reply.serializedText)")
    }
    // All forty were answered while the refresh was held: its reply has not come.
    #expect(!session.hasReadReply(to: 1), "the refresh answered before the server let it")
    try await server.release(name)
    let (refresh, _) = try session.reply(to: 1)
    #expect(refresh["result"]?["counts"]?["characters"] == .integer(62))
    try session.close()
  }

  @Test("a cancelled refresh answers -32800 and changes nothing; a second refresh waits its turn")
  func cancelAndOneAtATime() async throws {
    defer { cleanUp() }
    // The server holds the refresh's requests until the test releases them, after the
    // cancellation has been answered: a refresh that waited for the server would not answer.
    let name = "cancelled-\(UUID().uuidString)"
    let session = try LiveSession(source: server.api("held-\(name)"), directory: directory)
    try session.send(1, "catalog.refresh", #"{"progressToken":"slow"}"#)
    // Requests run concurrently: wait until the first has started before sending the second.
    let started = try session.notification()
    #expect(started["params"]?["progressToken"] == .string("slow"))
    let busy = try session.call(2, "catalog.refresh")
    #expect(busy["error"]?["data"]?["reason"] == .string("refresh-in-progress"))
    try session.service.send(
      #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"# + "\n")
    let (cancelled, _) = try session.reply(to: 1)
    #expect(cancelled["error"]?["code"] == .integer(-32800))
    try await server.release(name)
    let info = try session.call(3, "service.info")
    #expect(info["result"]?["catalog"]?["source"] == .string("embedded"))
    try session.close()
  }
}
