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
    #expect(throws: StorageError.newerSchema(found: 99, known: FanStore.schemaVersion)) {
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
