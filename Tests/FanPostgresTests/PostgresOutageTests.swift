import Foundation
import TestSupport
import Testing

@testable import FanPostgres
@testable import FanStorage

/// What the connection and the store promise when their server goes away and comes back: a call
/// that finds the connection lost fails as `connectionLost` (`unavailable` from the store), the
/// next one connects again, and a transaction open at the time is never half kept.
///
/// Each test stops and restarts a server of its own (`TemporaryPostgres`); like the store
/// behaviour tests, they fail (rather than skip) when PostgreSQL is missing. Their time limit
/// guards against a hang and measures nothing: under a full parallel run on two busy cores one
/// took over 2 minutes.
@Suite("PostgreSQL outage", .timeLimit(.minutes(5)))
struct PostgresOutageTests {
  /// The password in the URLs below: the server trusts local connections and never asks for
  /// it, so only the redaction sees it.
  static let password = "Heisenberg99"

  /// `server`'s URL with `password` in it.
  private func urlWithPassword(_ server: TemporaryPostgres) -> String {
    server.url.replacing("postgres://bbfan@", with: "postgres://bbfan:\(Self.password)@")
  }

  @Test("a query while the server is down fails as connectionLost; after it is back, one succeeds")
  func reconnectAfterOutage() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let connection = try PostgresConnection(urlWithPassword(server))
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    try connection.query("INSERT INTO t (id) VALUES (1)")
    try server.stopForOutage()
    for _ in 1...2 {
      let failure = #expect(throws: PostgresFailure.self) {
        try connection.query("SELECT id FROM t")
      }
      #expect(failure?.kind == .connectionLost)
      #expect(failure?.statement == "SELECT id FROM t")
      #expect(
        failure?.description.contains(Self.password) == false, "\(String(describing: failure))")
    }
    #expect(!connection.isConnected)
    try server.start()
    #expect(try connection.query("SELECT id FROM t") == [[.integer(1)]])
    #expect(connection.isConnected)
  }

  @Test("a server restarted while the connection was idle: at most one call fails, the next works")
  func restartWhileIdle() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let connection = try PostgresConnection(server.url)
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    try server.stopForOutage()
    try server.start()
    do {
      try connection.query("INSERT INTO t (id) VALUES (1)")
    } catch {
      // The call that finds the connection lost may fail, but only as connectionLost.
      #expect(error.kind == .connectionLost)
      try connection.query("INSERT INTO t (id) VALUES (1)")
    }
    #expect(try connection.query("SELECT id FROM t") == [[.integer(1)]])
  }

  @Test("a transaction open when the server restarts is refused until rolled back, and not kept")
  func transactionLost() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let connection = try PostgresConnection(server.url)
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    try connection.execute("BEGIN")
    try connection.query("INSERT INTO t (id) VALUES (1)")
    try server.stopForOutage()
    try server.start()
    let lost = #expect(throws: PostgresFailure.self) {
      try connection.query("INSERT INTO t (id) VALUES (2)")
    }
    #expect(lost?.kind == .connectionLost)
    // The rest of the transaction, and its COMMIT, cannot run on a new connection.
    for statement in ["INSERT INTO t (id) VALUES (3)", "COMMIT"] {
      let refused = #expect(throws: PostgresFailure.self) { try connection.execute(statement) }
      #expect(refused?.kind == .connectionLost)
      #expect(refused?.message.contains("roll it back") == true, "\(String(describing: refused))")
    }
    try connection.execute("ROLLBACK")
    #expect(try connection.query("SELECT count(*) FROM t") == [[.integer(0)]])
    try connection.query("INSERT INTO t (id) VALUES (4)")
    #expect(try connection.query("SELECT id FROM t") == [[.integer(4)]])
  }

  @Test("transaction(): a body whose server restarts fails as connectionLost and keeps nothing")
  func transactionHelperLost() throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let connection = try PostgresConnection(server.url)
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    var restartFailure: (any Error)?
    let failure = #expect(throws: PostgresFailure.self) {
      try connection.transaction { () throws(PostgresFailure) in
        try connection.query("INSERT INTO t (id) VALUES (1)")
        do {
          try server.stopForOutage()
          try server.start()
        } catch {
          restartFailure = error
        }
        try connection.query("INSERT INTO t (id) VALUES (2)")
      }
    }
    #expect(restartFailure == nil)
    #expect(failure?.kind == .connectionLost)
    // transaction() rolled back for the caller: the connection takes statements again.
    #expect(try connection.query("SELECT count(*) FROM t") == [[.integer(0)]])
  }

  @Test("the store: unavailable while the server is down, without the password; then it serves")
  func storeOutage() async throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let url = urlWithPassword(server)
    let store = try PostgresStore(url: url)
    let location = await store.location
    #expect(location == PostgresConnection.redacted(url))
    #expect(!location.contains(Self.password))
    _ = try await store.createUser(username: "Walt", usernameKey: "walt", passwordHash: "h")
    try server.stopForOutage()
    let writeFailure = await #expect(throws: StorageError.self) {
      try await store.createUser(username: "Jesse", usernameKey: "jesse", passwordHash: "h")
    }
    let readFailure = await #expect(throws: StorageError.self) {
      try await store.user(usernameKey: "walt")
    }
    for failure in [writeFailure, readFailure] {
      guard case .unavailable(let reported, let detail) = failure else {
        Issue.record("not unavailable: \(String(describing: failure))")
        continue
      }
      #expect(reported == location)
      #expect(!detail.contains(Self.password), "\(detail)")
    }
    try server.start()
    #expect(try await store.user(usernameKey: "walt")?.user.username == "Walt")
    #expect(try await store.user(usernameKey: "jesse") == nil)
    _ = try await store.createUser(username: "Jesse", usernameKey: "jesse", passwordHash: "h")
    #expect(try await store.user(usernameKey: "jesse")?.user.username == "Jesse")
  }

  @Test("the store: after a restart while idle, the first read and the first write both succeed")
  func storeRestartWhileIdle() async throws {
    let server = try TemporaryPostgres()
    defer { server.stop() }
    let store = try PostgresStore(url: server.url)
    _ = try await store.createUser(username: "Walt", usernameKey: "walt", passwordHash: "h")
    // A write first: its BEGIN finds the connection broken, and the store connects again.
    try server.stopForOutage()
    try server.start()
    _ = try await store.createUser(username: "Jesse", usernameKey: "jesse", passwordHash: "h")
    // Then a read: it is run again once on a new connection.
    try server.stopForOutage()
    try server.start()
    #expect(try await store.user(usernameKey: "jesse")?.user.username == "Jesse")
    #expect(try await store.user(usernameKey: "walt")?.user.username == "Walt")
  }
}
