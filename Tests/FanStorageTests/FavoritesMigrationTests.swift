import FanCore
import FanProtocol
import Foundation
import StorageTestSupport
import TestSupport
import Testing

@testable import FanPostgres
@testable import FanSQLite
@testable import FanStorage

/// Favourites made before quotes had universes (SQLite schema 5, PostgreSQL schema 1) are
/// Breaking Bad's after the migration, with their order and counts, and the same quote id of
/// another universe is another quote.
@Suite("Favourites keyed by universe: the migration", .timeLimit(.minutes(2)))
struct FavoritesMigrationTests {
  private let other = UniverseID(rawValue: "third-show")

  /// What both stores must show after the migration of walt's favourites 3 then 8 (8 newest)
  /// and jesse's 8.
  private func checkMigrated(_ store: some FavoriteStore, walt: Int64, jesse: Int64) async throws {
    #expect(try await store.favorites(userID: walt, universe: .breakingBad) == [8, 3])
    #expect(try await store.favorites(userID: jesse, universe: .breakingBad) == [8])
    let top = try await store.topFavorites(universe: .breakingBad, limit: 3)
    #expect(top.map(\.quoteID) == [8, 3] && top.map(\.count) == [2, 1])
    #expect(try await store.favorites(userID: walt, universe: other) == [])
    // The other universe's quote 8 starts from nothing, and leaves Breaking Bad's as it was.
    let theirs = FavoriteQuote(universe: other, id: 8)
    #expect(try await store.setFavorite(userID: walt, quote: theirs, favorite: nil) == (true, 1))
    #expect(try await store.topFavorites(universe: .breakingBad, limit: 1).first?.count == 2)
    // Breaking Bad's quote 8 is still walt's: setting it changes no count.
    let ours = FavoriteQuote(universe: .breakingBad, id: 8)
    #expect(try await store.setFavorite(userID: walt, quote: ours, favorite: true) == (true, 2))
    #expect(try await store.setFavorite(userID: walt, quote: ours, favorite: nil) == (false, 1))
  }

  @Test("SQLite: a version 5 database's favourites become Breaking Bad's")
  func sqlite() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-favorites-\(UUID().uuidString)/data"
    ).path()
    try SQLiteStore.makeDatabase(directory: directory, version: 5)
    try runSQLite(
      """
      INSERT INTO users (id, username, username_key, password_hash, created_at)
        VALUES (1, 'Walt', 'walt', 'h', 1), (2, 'Jesse', 'jesse', 'h', 1);
      INSERT INTO favorites (id, user_id, quote_id, created_at)
        VALUES (10, 1, 3, 1), (11, 2, 8, 2), (12, 1, 8, 3);
      INSERT INTO favorite_counts (quote_id, count) VALUES (3, 1), (8, 2);
      """, at: directory + "/" + SQLiteStore.fileName)
    let store = try SQLiteStore(directory: directory)
    try await checkMigrated(store, walt: 1, jesse: 2)
    // Opened again, nothing more to migrate.
    let again = try SQLiteStore(directory: directory)
    #expect(try await again.favorites(userID: 1, universe: other) == [8])
  }

  @Test("PostgreSQL: a version 1 database's favourites become Breaking Bad's")
  func postgres() async throws {
    let url = try TemporaryPostgres.freshDatabase()
    let connection = try PostgresConnection(url)
    try connection.execute(
      """
      CREATE TABLE bbfan_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
      INSERT INTO bbfan_schema VALUES (1, 1);
      """)
    try connection.execute(PostgresStore.schemaVersion1)
    let users = try connection.query(
      """
      INSERT INTO users (username, username_key, password_hash, created_at)
      VALUES ('Walt', 'walt', 'h', 1), ('Jesse', 'jesse', 'h', 1) RETURNING id
      """
    ).compactMap { $0.first?.integer }
    let (walt, jesse) = (try #require(users.first), try #require(users.last))
    for (user, quote) in [(walt, 3), (jesse, 8), (walt, 8)] {
      try connection.query(
        "INSERT INTO favorites (user_id, quote_id, created_at) VALUES ($1, $2, 1)",
        [.integer(user), .integer(Int64(quote))])
    }
    try connection.execute("INSERT INTO favorite_counts (quote_id, count) VALUES (3, 1), (8, 2)")
    let store = try PostgresStore(url: url)
    #expect(
      try connection.query("SELECT version FROM bbfan_schema")
        == [[.integer(Int64(PostgresStore.schemaVersion))]])
    try await checkMigrated(store, walt: walt, jesse: jesse)
  }
}
