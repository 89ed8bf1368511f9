import Foundation
import JSON
import TestSupport
import Testing

/// What an account's forms meet through the wire: every failing check of a registration at
/// once, a password checked as it is typed, a favourite set rather than toggled, each account's display
/// name and photo in `auth.accounts`, and an account deleted for good.
@Suite("Account forms and deleting an account", .timeLimit(.minutes(3)))
struct AccountFormsEndToEndTests {
  let directory = ServiceProcess.temporaryDataDirectory()

  private var arguments: [String] {
    ["--data-dir", directory, "--log-level", "off", "--password-cost", "1000"]
  }

  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  private func register(_ name: String, _ password: String = "Heisenberg1!") -> String {
    #"{"username":"\#(name)","password":"\#(password)","passwordConfirmation":"\#(password)"}"#
  }

  private func session(_ lines: [String]) throws -> [Int: JSONValue] {
    try ServiceProcess.run(arguments, lines: lines).repliesByID()
  }

  private func cleanUp() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// `data.problems` of an error reply, as `[field, reason]` pairs.
  private func problems(_ reply: JSONValue?) -> [[String]] {
    (reply?["error"]?["data"]?["problems"]?.arrayValue ?? []).map {
      [$0["field"]?.stringValue ?? "", $0["reason"]?.stringValue ?? ""]
    }
  }

  @Test("auth.register reports every failing field; the code and members stay the first check's")
  func everyProblemAtOnce() throws {
    defer { cleanUp() }
    let replies = try session([
      request(1, "auth.register", register("walt")),
      request(
        2, "auth.register",
        #"{"username":"WALT","password":"yo","passwordConfirmation":"yo!"}"#),
      request(
        3, "auth.register",
        #"{"username":"w","password":"Pinkman1!","passwordConfirmation":"pinkman1!"}"#),
      request(
        4, "auth.register",
        #"{"username":"jesse","password":"yo","passwordConfirmation":"yo"}"#),
      request(5, "auth.register", register("walter.white")),
    ])
    let all = replies[2]?["error"]
    #expect(all?["code"] == .integer(-32006))
    #expect(all?["data"]?["reason"] == .string("username-taken"))
    #expect(all?["data"]?["username"] == .string("WALT"))
    #expect(
      problems(replies[2]) == [
        ["username", "username-taken"], ["passwordConfirmation", "password-mismatch"],
        ["password", "weak-password"],
      ])
    let weak = all?["data"]?["problems"]?.arrayValue?.last?["problem"]?.stringValue ?? ""
    #expect(
      weak
        == "needs at least 8 characters, an upper-case letter, a digit and a character that is "
        + "neither a letter nor a digit")
    // A malformed name is the first check: -32602, and no lookup of whether it is taken.
    #expect(replies[3]?["error"]?["code"] == .integer(-32602))
    #expect(replies[3]?["error"]?["data"]?["field"] == .string("username"))
    #expect(
      problems(replies[3]) == [
        ["username", "invalid-username"], ["passwordConfirmation", "password-mismatch"],
      ])
    // One failing check is one problem, with today's members beside it.
    #expect(replies[4]?["error"]?["code"] == .integer(-32008))
    #expect(replies[4]?["error"]?["data"]?["rules"]?.arrayValue?.count == 4)
    #expect(problems(replies[4]) == [["password", "weak-password"]])
    #expect(replies[5]?["result"]?["user"]?["username"] == .string("walter.white"))
  }

  @Test("auth.checkPassword answers by the same rules and creates nothing, not even the directory")
  func checkPassword() throws {
    defer { cleanUp() }
    let replies = try session([
      request(1, "auth.checkPassword", #"{"password":"heisenberg"}"#),
      request(2, "auth.checkPassword", #"{"password":"Heisenberg1!"}"#),
      request(3, "auth.checkPassword"),
      request(4, "auth.checkPassword", #"{"password":"Heisenberg1!","token":"x"}"#),
    ])
    #expect(replies[1]?["result"]?["ok"] == .bool(false))
    #expect(
      replies[1]?["result"]?["problems"]?.arrayValue?.map { $0["rule"] } == [
        .string("uppercase"), .string("digit"), .string("special"),
      ])
    #expect(
      replies[1]?["result"]?["problems"]?.arrayValue?.first?["problem"]
        == .string("an upper-case letter"))
    // Every rule in order, met or not: the unmet ones are the problems.
    let rules = replies[1]?["result"]?["rules"]?.arrayValue ?? []
    #expect(
      rules.map { $0["rule"]?.stringValue ?? "" } == [
        "min-length", "max-length", "uppercase", "lowercase", "letter", "digit", "special",
      ])
    #expect(
      rules.filter { $0["met"] == .bool(false) }.map { $0["rule"] }
        == replies[1]?["result"]?["problems"]?.arrayValue?.map { $0["rule"] })
    #expect(replies[2]?["result"]?["ok"] == .bool(true))
    #expect(replies[2]?["result"]?["problems"] == .array([]))
    #expect(
      replies[2]?["result"]?["rules"]?.arrayValue?.allSatisfy { $0["met"] == .bool(true) } == true)
    #expect(replies[3]?["error"]?["code"] == .integer(-32602))
    #expect(replies[4]?["error"]?["code"] == .integer(-32602))
    #expect(!FileManager.default.fileExists(atPath: directory))
  }

  @Test("favorites.toggle with favorite sets that state: a retried request counts once")
  func setFavorite() throws {
    defer { cleanUp() }
    let replies = try session([
      request(1, "auth.register", register("walt")),
      request(2, "favorites.toggle", #"{"quoteId":1,"favorite":true}"#),
      request(3, "favorites.toggle", #"{"quoteId":1,"favorite":true}"#),
      request(4, "auth.register", register("jesse")),
      request(5, "favorites.toggle", #"{"quoteId":1,"favorite":true}"#),
      request(6, "favorites.toggle", #"{"quoteId":1,"favorite":false}"#),
      request(7, "favorites.toggle", #"{"quoteId":1,"favorite":false}"#),
      request(8, "favorites.toggle", #"{"quoteId":1}"#),
      request(9, "favorites.toggle", #"{"quoteId":999,"favorite":true}"#),
      request(10, "favorites.toggle", #"{"quoteId":1,"favorite":"yes"}"#),
    ])
    let states = (2...8).map { id in
      [replies[id]?["result"]?["isFavorite"], replies[id]?["result"]?["favoriteCount"]]
    }
    let expected: [[JSONValue?]] = [
      [.bool(true), .integer(1)], [.bool(true), .integer(1)], [nil, nil],
      [.bool(true), .integer(2)], [.bool(false), .integer(1)], [.bool(false), .integer(1)],
      [.bool(true), .integer(2)],
    ]
    #expect(states == expected, "\(replies)")
    #expect(replies[9]?["error"]?["data"]?["reason"] == .string("not-found"))
    #expect(replies[10]?["error"]?["code"] == .integer(-32602))
  }

  @Test("auth.accounts shows each account's display name and photo without switching")
  func accountsShowNamesAndPhotos() throws {
    defer { cleanUp() }
    let replies = try session([
      request(1, "auth.register", register("walt")),
      request(
        2, "profile.update",
        #"{"displayName":"Heisenberg","photo":{"data":"\#(Self.photo(marker: "face").base64EncodedString())"}}"#
      ),
      request(3, "auth.register", register("jesse")),
      request(4, "auth.accounts"),
    ])
    let accounts = try #require(replies[4]?["result"]?["accounts"]?.arrayValue)
    #expect(accounts.count == 2)
    #expect(accounts[0]["displayName"] == .string("Heisenberg"))
    #expect(accounts[0]["photo"] == replies[2]?["result"]?["photo"])
    #expect(accounts[0]["photo"]?["mediaType"] == .string("image/png"))
    #expect(accounts[1]["displayName"] == .null && accounts[1]["photo"] == .null)
    #expect(accounts[1]["current"] == .bool(true))
  }

  @Test(
    "auth.deleteAccount takes everything of the account; a wrong password deletes nothing and is throttled"
  )
  func deleteAccount() throws {
    defer { cleanUp() }
    let first = try session([
      request(1, "auth.register", register("walt")),
      request(2, "favorites.toggle", #"{"quoteId":1}"#),
      request(3, "favorites.toggle", #"{"quoteId":2}"#),
      request(4, "quizzes.create", #"{"title":"Chemistry","facts":["a","b"]}"#),
      request(5, "quizzes.review", #"{"id":1,"grade":"good"}"#),
      request(
        6, "profile.update",
        #"{"photo":{"data":"\#(Self.photo(marker: "walt").base64EncodedString())"}}"#),
      request(7, "auth.register", register("jesse")),
      request(8, "favorites.toggle", #"{"quoteId":2}"#),
      request(9, "auth.switch", #"{"username":"walt"}"#),
    ])
    let token = try #require(first[1]?["result"]?["token"]?.stringValue)
    let photoPath = try #require(first[6]?["result"]?["photo"]?["path"]?.stringValue)
    // Wrong passwords change nothing, and count toward the sign-in throttle.
    let wrong = (1...5).map { request($0, "auth.deleteAccount", #"{"password":"nope"}"#) }
    let refused = try session(
      wrong + [
        request(6, "auth.deleteAccount", #"{"password":"Heisenberg1!"}"#),
        request(7, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#),
        request(8, "favorites.list"),
      ])
    #expect((1...5).allSatisfy { refused[$0]?["error"]?["code"] == .integer(-32003) })
    #expect(refused[6]?["error"]?["data"]?["reason"] == .string("too-many-attempts"))
    #expect(refused[7]?["error"]?["data"]?["reason"] == .string("too-many-attempts"))
    #expect(refused[8]?["result"]?["total"] == .integer(2))
    #expect(FileManager.default.fileExists(atPath: photoPath))
    // Once the wait is over, the right password deletes it all.
    Thread.sleep(forTimeInterval: 1.2)
    let deleted = try session([
      request(1, "auth.deleteAccount", #"{"password":"Heisenberg1!","token":"\#(token)"}"#),
      request(2, "auth.session", #"{"token":"\#(token)"}"#),
      request(3, "auth.session"),
      request(4, "auth.accounts"),
      request(5, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#),
      request(6, "auth.switch", #"{"username":"jesse"}"#),
      request(7, "favorites.top"),
      request(8, "auth.register", register("walt")),
      request(9, "quizzes.list"),
      request(10, "profile.get"),
      request(11, "favorites.list"),
      request(12, "quizzes.due"),
      request(13, "auth.deleteAccount", #"{"password":"Heisenberg1!","token":"\#(token)"}"#),
    ])
    #expect(deleted[1]?["result"] == .object(JSONObject(["deleted": .bool(true)])))
    #expect(deleted[2]?["error"]?["data"]?["reason"] == .string("unauthorized"))
    #expect(deleted[3]?["result"]?["user"] == .null)
    #expect(
      deleted[4]?["result"]?["accounts"]?.arrayValue?.map { $0["username"] } == [.string("jesse")])
    #expect(deleted[5]?["error"]?["data"]?["reason"] == .string("unknown-user"))
    let top = deleted[7]?["result"]?["quotes"]?.arrayValue ?? []
    #expect(top.map { $0["id"] } == [.integer(2)], "\(top)")
    #expect(top.first?["favoriteCount"] == .integer(1))
    #expect(deleted[8]?["result"]?["user"]?["username"] == .string("walt"))
    #expect(deleted[9]?["result"]?["total"] == .integer(0))
    #expect(deleted[10]?["result"]?["photo"] == .null)
    #expect(deleted[11]?["result"]?["total"] == .integer(0))
    #expect(deleted[12]?["result"]?["total"] == .integer(0))
    #expect(deleted[13]?["error"]?["data"]?["reason"] == .string("unauthorized"))
    #expect(!FileManager.default.fileExists(atPath: photoPath))
  }

  @Test(
    "with SQLite no file under the data directory keeps a replaced photo or a deleted account")
  func nothingLeftBehind() throws {
    defer { cleanUp() }
    let marker = { (name: String) in "\(name)-\(UUID().uuidString.prefix(8).lowercased())" }
    let (old, new, name, title, display) = (
      marker("oldphoto"), marker("newphoto"), marker("saul"), marker("quiz"), marker("name")
    )
    let service = try InteractiveService(arguments)
    defer { _ = service.waitForExit(timeout: 5) }
    var id = 0
    func call(_ method: String, _ params: String) throws -> JSONValue {
      id += 1
      try service.send(request(id, method, params) + "\n")
      let line = try #require(service.readLine())
      return try JSONParser.parse(line)
    }
    _ = try call("auth.register", register(name))
    _ = try call("auth.register", register("kim"))
    _ = try call("auth.switch", #"{"username":"\#(name)"}"#)
    _ = try call("quizzes.create", #"{"title":"\#(title)","facts":["a","b"]}"#)
    _ = try call(
      "profile.update",
      #"{"displayName":"\#(display)","photo":{"data":"\#(Self.photo(marker: old).base64EncodedString())"}}"#
    )
    #expect(try filesHolding(old).count > 0, "the search must find what is there")
    let replaced = try call(
      "profile.update",
      #"{"photo":{"data":"\#(Self.photo(marker: new).base64EncodedString())"}}"#)
    #expect(replaced["result"]?["photo"]?["mediaType"] == .string("image/png"), "\(replaced)")
    // While the service still runs (nothing is checkpointed on close yet).
    #expect(try filesHolding(old) == [])
    #expect(try filesHolding(new).count > 0)
    let removed = try call("profile.update", #"{"photo":null}"#)
    #expect(removed["result"]?["photo"] == .null)
    #expect(try filesHolding(new) == [])
    _ = try call(
      "profile.update",
      #"{"photo":{"data":"\#(Self.photo(marker: old).base64EncodedString())"}}"#)
    #expect(try filesHolding(name).count > 0)
    let deleted = try call("auth.deleteAccount", #"{"password":"Heisenberg1!"}"#)
    #expect(deleted["result"]?["deleted"] == .bool(true), "\(deleted)")
    for text in [old, name, title, display] {
      #expect(try filesHolding(text) == [], "\(text)")
    }
    try service.closeInput()
    #expect(service.waitForExit() == 0)
    for text in [old, name, title, display] {
      #expect(try filesHolding(text) == [], "\(text) after exit")
    }
  }

  @Test(
    "with PostgreSQL every row of a deleted account is gone, in one transaction, counts adjusted",
    .enabled(if: Prerequisite.postgres.isAvailable))
  func deletedOnPostgres() throws {
    defer { cleanUp() }
    let url = try TemporaryPostgres.freshDatabase()
    let shared = arguments + ["--database", url]
    let made = try ServiceProcess.run(
      shared,
      lines: [
        request(1, "auth.register", register("walt")),
        request(2, "favorites.toggle", #"{"quoteId":1}"#),
        request(3, "favorites.toggle", #"{"quoteId":2}"#),
        request(4, "quizzes.create", #"{"title":"Chemistry","facts":["a","b"]}"#),
        request(5, "quizzes.review", #"{"id":1,"grade":"good"}"#),
        request(
          6, "profile.update",
          #"{"displayName":"Heisenberg","photo":{"data":"\#(Self.photo(marker: "pg").base64EncodedString())"}}"#
        ),
        request(7, "auth.login", #"{"username":"walt","password":"wrong"}"#),
        request(8, "auth.register", register("jesse")),
        request(9, "favorites.toggle", #"{"quoteId":2}"#),
        request(10, "auth.switch", #"{"username":"walt"}"#),
        request(11, "auth.deleteAccount", #"{"password":"wrong"}"#),
      ]
    ).repliesByID()
    // The first user of a fresh database.
    let walt = 1
    #expect(made[1]?["result"]?["user"]?["id"] == .integer(walt))
    #expect(made[11]?["error"]?["data"]?["reason"] == .string("wrong-password"))
    let counts = """
      SELECT (SELECT count(*) FROM users WHERE id = \(walt)) || ' ' ||
        (SELECT count(*) FROM sessions WHERE user_id = \(walt)) || ' ' ||
        (SELECT count(*) FROM favorites WHERE user_id = \(walt)) || ' ' ||
        (SELECT count(*) FROM quizzes WHERE user_id = \(walt)) || ' ' ||
        (SELECT count(*) FROM quiz_reviews WHERE user_id = \(walt)) || ' ' ||
        (SELECT count(*) FROM review_log WHERE user_id = \(walt)) || ' ' ||
        (SELECT count(*) FROM profiles WHERE user_id = \(walt)) || ' ' ||
        (SELECT coalesce(max(failures), 0) FROM login_failures WHERE username_key = 'walt') || ' ' ||
        (SELECT string_agg(quote_id || ':' || count, ',' ORDER BY quote_id) FROM favorite_counts)
      """
    let psql = (TemporaryPostgres.toolsDirectory ?? "") + "/psql"
    let before = try Subprocess.run([psql, "-Atq", url, "-c", counts])
    #expect(before.output == "1 1 2 1 1 1 1 2 1:1,2:2\n", "\(before.output)")
    // Another machine where walt is signed in, with the photo file of his profile.
    let other = ServiceProcess.temporaryDataDirectory()
    defer { try? FileManager.default.removeItem(atPath: other) }
    let elsewhere = ["--data-dir", other] + shared.drop { $0 != "--log-level" }
    let signedIn = try ServiceProcess.run(
      elsewhere,
      lines: [
        request(1, "auth.login", #"{"username":"walt","password":"Heisenberg1!"}"#),
        request(2, "auth.accounts"),
      ]
    ).repliesByID()
    let photo = try #require(
      signedIn[2]?["result"]?["accounts"]?.arrayValue?.first?["photo"]?["path"]?.stringValue,
      "\(signedIn)")
    #expect(photo.hasPrefix(other) && FileManager.default.fileExists(atPath: photo))
    let deleted = try ServiceProcess.run(
      shared, lines: [request(1, "auth.deleteAccount", #"{"password":"Heisenberg1!"}"#)]
    ).repliesByID()
    #expect(deleted[1]?["result"]?["deleted"] == .bool(true), "\(deleted)")
    let after = try Subprocess.run([psql, "-Atq", url, "-c", counts])
    #expect(after.output == "0 0 0 0 0 0 0 0 1:0,2:1\n", "\(after.output)")
    // The other machine forgets the session, and the photo file, when it lists its accounts.
    let listed = try ServiceProcess.run(elsewhere, lines: [request(1, "auth.accounts")])
      .repliesByID()
    #expect(listed[1]?["result"]?["accounts"] == .array([]))
    #expect(!FileManager.default.fileExists(atPath: photo))
  }

  /// Every file under the data directory whose bytes contain `text`.
  private func filesHolding(_ text: String) throws -> [String] {
    let needle = Data(text.utf8)
    let files = FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []
    return try files.filter { name in
      let path = directory + "/" + name
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { return false }
      return try Data(contentsOf: URL(filePath: path)).range(of: needle) != nil
    }
  }

  /// A 1×1 PNG holding `marker` in a text chunk, so its bytes can be searched for.
  static func photo(marker: String) -> Data {
    let base = Array(
      Data(
        base64Encoded:
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC"
      ) ?? Data())
    let body = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array(marker.utf8)
    let length = UInt32(body.count - 4)
    let chunk =
      withUnsafeBytes(of: length.bigEndian, Array.init) + body
      + withUnsafeBytes(of: crc32(body).bigEndian, Array.init)
    // After the signature (8 bytes) and the IHDR chunk (25).
    return Data(base.prefix(33) + chunk + base.dropFirst(33))
  }

  /// The CRC-32 that PNG chunks carry.
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
