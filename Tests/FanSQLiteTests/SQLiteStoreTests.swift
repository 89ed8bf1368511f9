import FanSQLite
import FanStorage
import Foundation
import StorageTestSupport
import Synchronization
import TestSupport
import Testing

@Suite("SQLiteStore")
struct SQLiteStoreTests {
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
    let store = try SQLiteStore(directory: directory)
    _ = try await store.createUser(username: "walt", usernameKey: "walt", passwordHash: "x")
    #expect(try mode(directory) == 0o700)
    for suffix in ["", "-wal", "-shm"] {
      let path = directory + "/" + SQLiteStore.fileName + suffix
      #expect(try mode(path) == 0o600, "\(path)")
    }
    // Reopening finds the schema in place.
    let again = try SQLiteStore(directory: directory)
    #expect(try await again.user(usernameKey: "walt")?.user.username == "walt")
  }

  @Test("refuses a database written by a newer version")
  func newerSchema() throws {
    _ = try SQLiteStore(directory: directory)
    let path = directory + "/" + SQLiteStore.fileName
    let (status, output) = try Subprocess.run([
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit()",
      path,
    ])
    try #require(status == 0, "\(output)")
    #expect(
      throws: StorageError.newerSchema(path: path, found: 99, known: SQLiteStore.schemaVersion)
    ) {
      _ = try SQLiteStore(directory: directory)
    }
  }

  @Test("failed logins are forgotten a day after the last one, and at most `limit` names are kept")
  func failuresStayBounded() async throws {
    let time = Atomic<Int64>(1_000)
    let store = try SQLiteStore(directory: directory) { time.load(ordering: .relaxed) }
    let day = StorageDefaults.loginFailureRetentionMilliseconds
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
      try await store.recordLoginFailure(
        usernameKey: name, retention: StorageDefaults.loginFailureRetentionMilliseconds, limit: 3)
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
    let store = try SQLiteStore(directory: directory)
    let huge = String(repeating: "w", count: 100_000)
    try await store.recordLoginFailure(usernameKey: huge)
    try await store.recordLoginFailure(usernameKey: "walt")
    #expect(try await store.loginFailures(usernameKey: huge) == nil)
    #expect(try await store.loginFailures(usernameKey: "walt")?.failures == 1)
  }

  @Test("text is bound and read by its length: a NUL never cuts a string short")
  func textWithNUL() async throws {
    let store = try SQLiteStore(directory: directory)
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
    let path = directory + "/" + SQLiteStore.fileName
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(filePath: path))
    #expect {
      _ = try SQLiteStore(directory: directory)
    } throws: { error in
      guard case .corrupt(let reported, _)? = error as? StorageError else { return false }
      return reported == path
    }
    #expect(try Data(contentsOf: URL(filePath: path)) == garbage)
  }

  @Test("a write waits for another process's lock until the busy timeout, then fails as busy")
  func busy() async throws {
    let other = try SQLiteStore(directory: directory, busyTimeoutMilliseconds: 50)
    let path = directory + "/" + SQLiteStore.fileName
    let holder = try WriteLockHolder(path: path)
    await #expect(throws: StorageError.busy(path: path, timeoutMilliseconds: 50)) {
      try await other.recordLoginFailure(usernameKey: "walt")
    }
    // Reading is not blocked by a writer (WAL), so opening an up-to-date store is not either.
    #expect(throws: Never.self) {
      _ = try SQLiteStore(directory: directory, busyTimeoutMilliseconds: 50)
    }
    holder.release()
    #expect(try await other.recordLoginFailure(usernameKey: "walt").failures == 1)
  }

  @Test("a version 2 database's remembered session becomes the current signed-in one")
  func migratesRememberedSession() async throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + SQLiteStore.fileName
    let schema = """
      CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL,
        username_key TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL);
      CREATE TABLE sessions (token_hash BLOB PRIMARY KEY, user_id INTEGER NOT NULL
        REFERENCES users(id) ON DELETE CASCADE, created_at INTEGER NOT NULL);
      CREATE TABLE remembered (slot INTEGER PRIMARY KEY CHECK (slot = 1),
        token_hash BLOB NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE);
      CREATE TABLE favorites (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL
        REFERENCES users(id) ON DELETE CASCADE, quote_id INTEGER NOT NULL,
        created_at INTEGER NOT NULL, UNIQUE (user_id, quote_id));
      CREATE TABLE favorite_counts (quote_id INTEGER PRIMARY KEY, count INTEGER NOT NULL);
      CREATE TABLE login_failures (username_key TEXT PRIMARY KEY, failures INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL);
      CREATE TABLE catalog_resources (source TEXT NOT NULL, resource TEXT NOT NULL,
        url TEXT NOT NULL, body BLOB NOT NULL, etag TEXT, last_modified TEXT,
        PRIMARY KEY (source, resource));
      CREATE TABLE catalog_refreshes (source TEXT PRIMARY KEY, refreshed_at INTEGER NOT NULL);
      CREATE TABLE images (key TEXT PRIMARY KEY, url TEXT NOT NULL, file TEXT NOT NULL,
        mime_type TEXT NOT NULL, bytes INTEGER NOT NULL, etag TEXT, last_modified TEXT,
        fetched_at INTEGER NOT NULL, last_used_at INTEGER NOT NULL);
      INSERT INTO users VALUES (1, 'Walt', 'walt', 'h', 5);
      INSERT INTO sessions VALUES (X'0102', 1, 7);
      INSERT INTO remembered VALUES (1, X'0102');
      PRAGMA user_version = 2;
      """
    try runSQLite(schema, at: path)
    let store = try SQLiteStore(directory: directory)
    let current = try #require(try await store.currentSession())
    #expect(current.userID == 1)
    #expect(current.username == "Walt")
    #expect(current.tokenHash == [1, 2])
    #expect(current.signedInAt == 7)
    #expect(try await store.user(tokenHash: [1, 2])?.username == "Walt")
  }

  @Test("signed in here: one entry per user, the newest current; switching; forgetting")
  func signedIn() async throws {
    let store = try SQLiteStore(directory: directory)
    try await store.signIn(userID: 1, username: "walt", tokenHash: [1])
    try await store.signIn(userID: 2, username: "jesse", tokenHash: [2])
    #expect(try await store.signedIn().map(\.username) == ["walt", "jesse"])
    #expect(try await store.currentSession()?.username == "jesse")
    #expect(try await store.makeCurrent(tokenHash: [1]))
    #expect(try await store.currentSession()?.username == "walt")
    #expect(try await !store.makeCurrent(tokenHash: [9]))
    // Signing in again replaces the user's entry and makes it current.
    try await store.signIn(userID: 2, username: "jesse", tokenHash: [3])
    #expect(try await store.signedIn().map(\.tokenHash) == [[1], [3]])
    #expect(try await store.signedIn().map(\.isCurrent) == [false, true])
    try await store.forget(tokenHash: [3])
    #expect(try await store.currentSession() == nil)
    let reopened = try SQLiteStore(directory: directory)
    #expect(try await reopened.signedIn().map(\.username) == ["walt"])
  }
}
