import Foundation
import TestSupport
import Testing

@testable import FanPostgres
@testable import FanStorage

/// The PostgreSQL store's schema: created once under the migration lock however many processes
/// start at once, kept as it is when opened again, and a newer one refused.
///
/// Like the store behaviour tests, these fail (rather than skip) when PostgreSQL is missing.
@Suite("PostgreSQL store migrations", .timeLimit(.minutes(2)))
struct PostgresStoreMigrationTests {
  /// Every table of schema version 1, and the version table.
  static let tables = [
    "bbfan_schema", "favorite_counts", "favorites", "login_failures", "profiles", "quiz_facts",
    "quiz_reviews", "quizzes", "review_log", "sessions", "users",
  ]

  /// The version row and the tables of the database at `url`.
  private func schema(_ url: String) throws -> (versions: [[PostgresValue]], tables: [String]) {
    let connection = try PostgresConnection(url)
    let versions = try connection.query("SELECT id, version FROM bbfan_schema")
    let tables = try connection.query(
      "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' "
        + "ORDER BY table_name"
    ).compactMap { $0.first?.text }
    return (versions, tables)
  }

  @Test("stores opened at once on an empty database create the schema once", arguments: [2, 8])
  func concurrentOpen(_ count: Int) async throws {
    let url = try TemporaryPostgres.freshDatabase()
    // Each store blocks its thread while it waits for the lock: not a cooperative one.
    let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
      for _ in 0..<count {
        group.addTask { try await DedicatedThread.run { try PostgresStore(url: url) } }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(stores.count == count)
    let schema = try schema(url)
    #expect(schema.versions == [[.integer(1), .integer(Int64(PostgresStore.schemaVersion))]])
    #expect(schema.tables == Self.tables)
    // Every store works on the one schema.
    for (index, store) in stores.enumerated() {
      _ = try await store.createUser(
        username: "fan\(index)", usernameKey: "fan\(index)", passwordHash: "h")
    }
    for index in stores.indices {
      #expect(try await stores[0].user(usernameKey: "fan\(index)") != nil)
    }
  }

  @Test("a store waits for the migration lock that another session holds")
  func waitsForTheLock() async throws {
    let url = try TemporaryPostgres.freshDatabase()
    let holder = try PostgresConnection(url)
    try holder.execute("BEGIN")
    try holder.lockForTransaction(PostgresStore.migrationLockKey)
    let opening = Task { try await DedicatedThread.run { try PostgresStore(url: url) } }
    // Wait until the store asks for the lock, up to ten seconds.
    var waiting: [[PostgresValue]] = []
    for _ in 0..<200 {
      waiting = try holder.query(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
      if waiting == [[.integer(1)]] { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(waiting == [[.integer(1)]])
    // Nothing was created while the lock was held.
    #expect(
      try holder.query("SELECT to_regclass('bbfan_schema') IS NULL") == [[.bool(true)]])
    try holder.execute("COMMIT")
    _ = try await opening.value
    #expect(
      try schema(url).versions == [[.integer(1), .integer(Int64(PostgresStore.schemaVersion))]])
  }

  @Test("opening a store again keeps its schema and its data")
  func reopen() async throws {
    let url = try TemporaryPostgres.freshDatabase()
    let first = try PostgresStore(url: url)
    _ = try await first.createUser(username: "Walt", usernameKey: "walt", passwordHash: "h")
    let second = try PostgresStore(url: url)
    #expect(try await second.user(usernameKey: "walt")?.passwordHash == "h")
    let schema = try schema(url)
    #expect(schema.versions == [[.integer(1), .integer(Int64(PostgresStore.schemaVersion))]])
    #expect(schema.tables == Self.tables)
  }

  @Test("a database of a newer schema is refused as newerSchema, and left as it was")
  func newerSchema() throws {
    let plain = try TemporaryPostgres.freshDatabase()
    // The test server never asks for a password; the store must still not show it.
    let url = plain.replacing("postgres://bbfan@", with: "postgres://bbfan:Heisenberg99@")
    _ = try PostgresStore(url: url)
    let newer = Int64(PostgresStore.schemaVersion + 1)
    let connection = try PostgresConnection(plain)
    try connection.query("UPDATE bbfan_schema SET version = $1", [.integer(newer)])
    #expect(
      throws: StorageError.newerSchema(
        path: plain.replacing("postgres://bbfan@", with: "postgres://bbfan:***@"),
        found: Int(newer), known: PostgresStore.schemaVersion)
    ) {
      try PostgresStore(url: url)
    }
    #expect(try schema(plain).versions == [[.integer(1), .integer(newer)]])
  }

  @Test("a server that cannot be reached is unavailable, without the password")
  func unreachable() {
    let url = "postgres://bbfan:Heisenberg99@/bbfan?host=/nonexistent/bbfan-socket-folder"
    let failure = #expect(throws: StorageError.self) { try PostgresStore(url: url) }
    guard case .unavailable(let location, let detail) = failure else {
      Issue.record("not unavailable: \(String(describing: failure))")
      return
    }
    #expect(location == "postgres://bbfan:***@/bbfan?host=/nonexistent/bbfan-socket-folder")
    #expect(!detail.contains("Heisenberg99"), "\(detail)")
  }
}
