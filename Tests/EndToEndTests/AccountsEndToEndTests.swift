import Foundation
import JSON
import TestSupport
import Testing

/// Accounts and favourites through real processes sharing one data directory.
@Suite("Accounts across processes", .timeLimit(.minutes(3)))
struct AccountsEndToEndTests {
  let directory = ServiceProcess.temporaryDataDirectory()

  private var arguments: [String] {
    ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private func register(_ name: String) -> String {
    #"{"username":"\#(name)","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
  }

  /// Runs one process over `lines` and returns its replies by id.
  private func session(_ lines: [String]) throws -> [Int: JSONValue] {
    try ServiceProcess.run(arguments, lines: lines).repliesByID()
  }

  private func cleanUp() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  @Test("one-shot calls leave the write-ahead log to the next, but never let it grow past 400 KiB")
  func oneShotLogStaysShort() throws {
    defer { cleanUp() }
    _ = try session([request(1, "auth.register", register("walt"))])
    let log = directory + "/bbfan.sqlite3-wal"
    var largest = 0
    var sizes: [Int] = []
    // The quotes' ids run 1 to 30, then 63 on.
    for quote in Array(1...30) + Array(63...72) {
      let outcome = try ServiceProcess.run(
        ["call", "favorites.toggle", #"{"quoteId":\#(quote)}"#] + arguments)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let size = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
      sizes.append(size)
      largest = max(largest, size)
    }
    // Each call adds a few pages; past 100 pages one copies the log in on close and it starts
    // over, so it is left shorter at least once and never much past the limit.
    #expect(largest <= 100 * 4096 + 64 * 1024, "\(sizes)")
    #expect(zip(sizes, sizes.dropFirst()).contains { $0 > $1 }, "\(sizes)")
    let list = try ServiceProcess.run(["call", "favorites.list"] + arguments)
    let quotes = try JSONParser.parse(String(decoding: list.stdout, as: UTF8.self))["quotes"]
    #expect(quotes?.arrayValue?.count == 40)
  }

  @Test(
    "the signed-in user is remembered across restarts until logout; a failed login changes nothing")
  func remembered() throws {
    defer { cleanUp() }
    _ = try session([request(1, "auth.register", register("walt"))])
    let second = try session([
      request(1, "auth.session"),
      request(2, "auth.login", #"{"username":"walt","password":"nope"}"#),
      request(3, "auth.session"),
    ])
    #expect(second[1]?["result"]?["user"]?["username"] == .string("walt"))
    #expect(second[2]?["error"]?["data"]?["reason"] == .string("wrong-password"))
    #expect(second[3]?["result"]?["user"]?["username"] == .string("walt"))
    let third = try session([request(1, "auth.logout"), request(2, "auth.session")])
    #expect(third[1]?["result"]?["user"]?["username"] == .string("walt"))
    #expect(third[2]?["result"]?["user"] == .null)
    let fourth = try session([request(1, "auth.session"), request(2, "favorites.list")])
    #expect(fourth[1]?["result"]?["user"] == .null)
    #expect(fourth[2]?["error"]?["data"]?["reason"] == .string("unauthorized"))
  }

  @Test("a token acts for its user from another process; a bad token is unauthorized")
  func tokens() throws {
    defer { cleanUp() }
    let walt = try session([
      request(1, "auth.register", register("walt")),
      request(2, "favorites.toggle", #"{"quoteId":1}"#),
    ])
    let token = try #require(walt[1]?["result"]?["token"]?.stringValue)
    let jesse = try session([
      request(1, "auth.register", register("jesse")),
      request(2, "favorites.list", #"{"token":"\#(token)"}"#),
      request(3, "favorites.list"),
      request(4, "favorites.list", #"{"token":"\#(String(repeating: "0", count: 64))"}"#),
    ])
    #expect(jesse[2]?["result"]?["quotes"]?.arrayValue?.map { $0["id"] } == [.number("1")])
    #expect(jesse[3]?["result"]?["quotes"]?.arrayValue == [])
    #expect(jesse[4]?["error"]?["data"]?["reason"] == .string("unauthorized"))
  }

  @Test("several processes toggling on one data directory lose no update")
  func noLostUpdates() async throws {
    defer { cleanUp() }
    let quotes = Array(1...30)
    let processes = 4
    let args = arguments
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<processes {
        group.addTask {
          var lines = [
            #"{"jsonrpc":"2.0","id":0,"method":"auth.register","params":{"username":"user\#(index)","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}"#
          ]
          for quote in quotes {
            lines.append(
              #"{"jsonrpc":"2.0","id":\#(quote),"method":"favorites.toggle","params":{"quoteId":\#(quote)}}"#
            )
          }
          let outcome = try ServiceProcess.run(args, lines: lines)
          #expect(outcome.lines.count == quotes.count + 1)
          #expect(
            !outcome.lines.contains { $0.contains(#""error""#) },
            "\(outcome.lines.filter { $0.contains("error") })")
        }
      }
      try await group.waitForAll()
    }
    let check = try session([request(1, "favorites.top", #"{"limit":100}"#)])
    let counts = check[1]?["result"]?["quotes"]?.arrayValue?.map { $0["favoriteCount"] } ?? []
    #expect(counts.count == quotes.count)
    #expect(counts.allSatisfy { $0 == .integer(processes) })
  }

  @Test(
    "a process killed with SIGKILL mid-write leaves a sound database holding every acknowledged write"
  )
  func killedMidWrite() throws {
    defer { cleanUp() }
    _ = try session([request(1, "auth.register", register("walt"))])
    let quoteIDs = Array(1...30) + Array(63...102)
    let service = try InteractiveService(arguments)
    var burst = ""
    for quote in quoteIDs {
      burst += request(quote, "favorites.toggle", #"{"quoteId":\#(quote)}"#) + "\n"
    }
    try service.send(burst)
    var acknowledged: [Int] = []
    while acknowledged.count < 25, let line = service.readLine() {
      let reply = try JSONParser.parse(line)
      if reply["result"]?["isFavorite"] == .bool(true), case .number(let id)? = reply["id"],
        let quote = Int(id)
      {
        acknowledged.append(quote)
      }
    }
    kill(service.pid, SIGKILL)
    _ = service.waitForExit()
    #expect(acknowledged.count == 25)

    let database = directory + "/bbfan.sqlite3"
    let (_, output) = try Subprocess.run([
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('PRAGMA integrity_check').fetchone()[0]); "
        + "print(','.join(str(r[0]) for r in c.execute('SELECT quote_id FROM favorites ORDER BY quote_id')))",
      database,
    ])
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "ok")
    let stored = Set((lines.count > 1 ? lines[1] : "").split(separator: ",").compactMap { Int($0) })
    #expect(
      Set(acknowledged).isSubset(of: stored),
      "acknowledged but lost: \(Set(acknowledged).subtracting(stored))")
    // The database still opens for the service.
    let after = try session([request(1, "favorites.list")])
    #expect((after[1]?["result"]?["quotes"]?.arrayValue?.count ?? 0) >= acknowledged.count)
  }

  @Test("after 5 failed logins in a row the next attempt must wait")
  func throttled() throws {
    defer { cleanUp() }
    var lines = [request(1, "auth.register", register("walt"))]
    for attempt in 2...7 {
      lines.append(request(attempt, "auth.login", #"{"username":"walt","password":"wrong"}"#))
    }
    let replies = try session(lines)
    for attempt in 2...6 {
      #expect(replies[attempt]?["error"]?["data"]?["reason"] == .string("wrong-password"))
    }
    #expect(replies[7]?["error"]?["data"]?["reason"] == .string("too-many-attempts"))
    #expect(replies[7]?["error"]?["data"]?["retryAfter"] == .number("1"))
  }

  @Test(
    "a login name that cannot exist (NUL, too long, bad characters) is unknown-user and never stored; one over the schema's bound is -32602"
  )
  func impossibleNames() throws {
    defer { cleanUp() }
    // Over the rule's 32 characters, within the schema's 256: unknown-user, as before the bound.
    let long = String(repeating: "w", count: 200)
    let huge = String(repeating: "w", count: 1 << 20)
    // The long names twice, the others eight times.
    var lines = [request(1, "auth.register", register("walt"))]
    for id in 3...4 {
      lines.append(request(id, "auth.login", #"{"username":"\#(long)","password":"Heisenberg1!"}"#))
    }
    for id in 5...6 {
      lines.append(request(id, "auth.login", #"{"username":"\#(huge)","password":"Heisenberg1!"}"#))
    }
    let names = [#"walt\u0000anything"#, "walt walt", "wa", "wält", #"walt\u0000"#, "w/alt"]
    for attempt in 0..<8 {
      for (index, name) in names.enumerated() {
        lines.append(
          request(
            10 + attempt * names.count + index, "auth.login",
            #"{"username":"\#(name)","password":"Heisenberg1!"}"#))
      }
    }
    lines.append(request(2, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#))
    let replies = try session(lines)
    for id in 10..<(10 + 8 * names.count) {
      #expect(
        replies[id]?["error"]?["data"]?["reason"] == .string("unknown-user"),
        "\(replies[id]?.serializedText.prefix(200) ?? "no reply")")
    }
    for id in 3...4 {
      #expect(replies[id]?["error"]?["data"]?["reason"] == .string("unknown-user"))
    }
    for id in 5...6 {
      #expect(replies[id]?["error"]?["data"]?["maxLength"] == .integer(256))
    }
    #expect(replies[2]?["result"]?["user"]?["username"] == .string("walt"))
    let (status, output) = try Subprocess.run([
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
        + "print(c.execute('SELECT COUNT(*), COALESCE(MAX(length(username_key)), 0) FROM login_failures').fetchone())",
      directory + "/bbfan.sqlite3",
    ])
    #expect(status == 0, "\(output)")
    #expect(output.hasPrefix("(0, 0)"), "login_failures holds \(output)")
  }

  @Test("a stranger's wrong passwords hold the stranger; the owner's device cookie signs in")
  func deviceCookieOverTheWire() throws {
    defer { cleanUp() }
    let login = #"{"username":"walt","password":"Heisenberg1!""#
    let first = try session([
      request(1, "auth.register", register("walt")),
      request(2, "auth.login", login + #","device":""}"#),
      request(3, "auth.login", login + "}"),
    ])
    let cookie = try #require(first[2]?["result"]?["device"]?.stringValue)
    #expect(cookie.wholeMatch(of: /v1\.[0-9a-f]{32}\.[0-9a-f]{64}/) != nil)
    // Without `device`, the reply is as it always was.
    #expect(first[3]?["result"]?["device"] == nil)
    #expect(first[3]?["result"]?["token"] != nil)

    let wrong = #"{"username":"walt","password":"guess"}"#
    let second = try session(
      (10...14).map { request($0, "auth.login", wrong) } + [
        request(15, "auth.login", login + "}"),
        request(16, "auth.login", login + #","device":"\#(cookie)"}"#),
      ])
    #expect(second[14]?["error"]?["data"]?["reason"] == .string("wrong-password"))
    #expect(second[15]?["error"]?["data"]?["reason"] == .string("too-many-attempts"))
    #expect(second[16]?["result"]?["user"]?["username"] == .string("walt"))
    #expect(second[16]?["result"]?["device"]?.stringValue != cookie)
  }
}
