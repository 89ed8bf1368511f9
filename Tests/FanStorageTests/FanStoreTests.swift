import FanStorage
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("FanStore")
struct FanStoreTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-store-\(UUID().uuidString)/data"
  )
  .path()

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }

  @Test(
    "creates the data directory 0700 and the database files 0600, at the current schema version")
  func files() async throws {
    let store = try FanStore(directory: directory)
    _ = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "x")
    #expect(try mode(directory) == 0o700)
    for suffix in ["", "-wal", "-shm"] {
      let path = directory + "/" + FanStore.fileName + suffix
      #expect(try mode(path) == 0o600, "\(path)")
    }
    // Reopening finds the schema in place.
    let again = try FanStore(directory: directory)
    #expect(try await again.user(usernameKey: "walt")?.user.username == "walt")
  }

  @Test("refuses a database written by a newer version")
  func newerSchema() throws {
    _ = try FanStore(directory: directory)
    let path = directory + "/" + FanStore.fileName
    let (status, output) = try Subprocess.run([
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit()",
      path,
    ])
    try #require(status == 0, "\(output)")
    #expect(
      throws: StorageError.newerSchema(path: path, found: 99, known: FanStore.schemaVersion)
    ) {
      _ = try FanStore(directory: directory)
    }
  }

  @Test("usernames are unique by key")
  func users() async throws {
    let store = try FanStore(directory: directory)
    let walt = try await store.createUser(username: "Walt", usernameKey: "walt", passwordHash: "h1")
    #expect(walt.username == "Walt")
    await #expect(throws: StorageError.usernameTaken) {
      _ = try await store.createUser(username: "WALT", usernameKey: "walt", passwordHash: "h2")
    }
    #expect(try await store.user(usernameKey: "walt")?.passwordHash == "h1")
    #expect(try await store.user(usernameKey: "jesse") == nil)
  }

  @Test("sessions: remembered one survives reopening; ending it forgets it")
  func sessions() async throws {
    let store = try FanStore(directory: directory)
    let walt = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "h")
    let jesse = try await store.createUser(
      username: "jesse", usernameKey: "jesse", passwordHash: "h")
    try await store.createSession(userID: walt.id, tokenHash: [1], remember: true)
    try await store.createSession(userID: jesse.id, tokenHash: [2], remember: false)
    #expect(try await store.user(tokenHash: [2])?.id == jesse.id)
    let reopened = try FanStore(directory: directory)
    #expect(try await reopened.rememberedSession()?.user.id == walt.id)
    try await reopened.deleteSession(tokenHash: [1])
    #expect(try await reopened.rememberedSession() == nil)
    #expect(try await reopened.user(tokenHash: [1]) == nil)
    #expect(try await reopened.user(tokenHash: [2])?.id == jesse.id)
  }

  @Test("favourites: toggle, counts across users, newest first, top by count then id")
  func favorites() async throws {
    let store = try FanStore(directory: directory)
    let a = try await store.createUser(username: "a", usernameKey: "a", passwordHash: "h").id
    let b = try await store.createUser(username: "b", usernameKey: "b", passwordHash: "h").id
    #expect(try await store.toggleFavorite(userID: a, quoteID: 7) == (true, 1))
    #expect(try await store.toggleFavorite(userID: b, quoteID: 7) == (true, 2))
    #expect(try await store.toggleFavorite(userID: a, quoteID: 3) == (true, 1))
    #expect(try await store.toggleFavorite(userID: a, quoteID: 9) == (true, 1))
    #expect(try await store.favorites(userID: a) == [9, 3, 7])
    #expect(try await store.toggleFavorite(userID: a, quoteID: 3) == (false, 0))
    #expect(try await store.favorites(userID: a) == [9, 7])
    let top = try await store.topFavorites(limit: 3)
    #expect(top.map(\.quoteID) == [7, 9])
    #expect(top.map(\.count) == [2, 1])
  }

  @Test("failed logins are counted with the injected clock and cleared")
  func failures() async throws {
    let time = Atomic<Int64>(1_000)
    let store = try FanStore(directory: directory) { time.load(ordering: .relaxed) }
    #expect(try await store.recordLoginFailure(usernameKey: "walt") == (1, 1_000))
    time.store(5_000, ordering: .relaxed)
    #expect(try await store.recordLoginFailure(usernameKey: "walt") == (2, 5_000))
    #expect(try await store.loginFailures(usernameKey: "walt")?.failures == 2)
    try await store.clearLoginFailures(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: "walt") == nil)
  }

  @Test("failed logins are forgotten a day after the last one, and at most `limit` names are kept")
  func failuresStayBounded() async throws {
    let time = Atomic<Int64>(1_000)
    let store = try FanStore(directory: directory) { time.load(ordering: .relaxed) }
    let day = FanStore.loginFailureRetentionMilliseconds
    try await store.recordLoginFailure(usernameKey: "old")
    time.store(1_000 + day, ordering: .relaxed)
    try await store.recordLoginFailure(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: "old") != nil, "a day old: still counted")
    time.store(2_000 + day, ordering: .relaxed)
    try await store.recordLoginFailure(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: "old") == nil, "over a day old: forgotten")
    // A count that expired starts again at one.
    time.store(3_000 + 2 * day, ordering: .relaxed)
    #expect(try await store.recordLoginFailure(usernameKey: "walt").failures == 1)

    for (index, name) in ["a", "b", "c", "d", "e"].enumerated() {
      time.store(4_000 + 2 * day + Int64(index), ordering: .relaxed)
      try await store.recordLoginFailure(usernameKey: name, limit: 3)
    }
    var kept: [String] = []
    for name in ["walt", "a", "b", "c", "d", "e"]
    where try await store.loginFailures(usernameKey: name) != nil {
      kept.append(name)
    }
    #expect(kept == ["c", "d", "e"], "the newest three")
  }

  @Test("keys longer than a username (left by an older version) are deleted on the next failure")
  func oversizedKeysGo() async throws {
    let store = try FanStore(directory: directory)
    let huge = String(repeating: "w", count: 100_000)
    try await store.recordLoginFailure(usernameKey: huge)
    try await store.recordLoginFailure(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: huge) == nil)
    #expect(try await store.loginFailures(usernameKey: "walt")?.failures == 1)
  }

  @Test("text is bound and read by its length: a NUL never cuts a string short")
  func textWithNUL() async throws {
    let store = try FanStore(directory: directory)
    _ = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "h")
    #expect(try await store.user(usernameKey: "walt\u{0}anything") == nil)
    let odd = "a\u{0}b"
    _ = try await store.createUser(username: odd, usernameKey: odd, passwordHash: "h\u{0}h")
    let found = try #require(try await store.user(usernameKey: odd))
    #expect(found.user.username == odd)
    #expect(found.passwordHash == "h\u{0}h")
    #expect(try await store.user(usernameKey: "a") == nil)
    _ = try await store.createUser(username: "", usernameKey: "", passwordHash: "")
    #expect(try await store.user(usernameKey: "")?.passwordHash == "")
  }

  @Test("a file that is not a database is reported as corrupt and left byte for byte as it was")
  func garbageIsCorrupt() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + FanStore.fileName
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(filePath: path))
    #expect {
      _ = try FanStore(directory: directory)
    } throws: { error in
      guard case .corrupt(let reported, _)? = error as? StorageError else { return false }
      return reported == path
    }
    #expect(try Data(contentsOf: URL(filePath: path)) == garbage)
  }

  @Test("a write waits for another process's lock until the busy timeout, then fails as busy")
  func busy() async throws {
    let other = try FanStore(directory: directory, busyTimeoutMilliseconds: 50)
    let path = directory + "/" + FanStore.fileName
    let holder = try WriteLockHolder(path: path)
    await #expect(throws: StorageError.busy(path: path, timeoutMilliseconds: 50)) {
      try await other.recordLoginFailure(usernameKey: "walt")
    }
    // Reading is not blocked by a writer (WAL), so opening an up-to-date store is not either.
    #expect(throws: Never.self) {
      _ = try FanStore(directory: directory, busyTimeoutMilliseconds: 50)
    }
    holder.release()
    #expect(try await other.recordLoginFailure(usernameKey: "walt").failures == 1)
  }

  @Test("several connections toggling at once lose no update")
  func concurrentConnections() async throws {
    let setup = try FanStore(directory: directory)
    var users: [Int64] = []
    for index in 0..<8 {
      users.append(
        try await setup.createUser(
          username: "u\(index)", usernameKey: "u\(index)", passwordHash: "h"
        ).id)
    }
    let userIDs = users
    let directory = self.directory
    try await withThrowingTaskGroup(of: Void.self) { group in
      for user in userIDs {
        group.addTask {
          let store = try FanStore(directory: directory)
          for quote in 1...25 { _ = try await store.toggleFavorite(userID: user, quoteID: quote) }
        }
      }
      try await group.waitForAll()
    }
    let top = try await setup.topFavorites(limit: 100)
    #expect(top.count == 25)
    #expect(top.allSatisfy { $0.count == userIDs.count })
  }
}
