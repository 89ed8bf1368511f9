import Foundation
import TestSupport
import Testing

@testable import FanPostgres
@testable import FanStorage

/// `PostgresConnection` against a real server: values are bound and come back as they went,
/// failures have the right kind, transactions roll back, and no password reaches a message.
///
/// Like the store behaviour tests, these fail (rather than skip) when PostgreSQL is missing.
@Suite("PostgreSQL connection")
struct PostgresConnectionTests {
  /// A connection to a new, empty database.
  private func connect() throws -> PostgresConnection {
    try PostgresConnection(TemporaryPostgres.freshDatabase())
  }

  @Test(
    "a text parameter is bound, never spliced into the SQL",
    arguments: [
      "'); DROP TABLE t; --",
      "x'; DELETE FROM t WHERE '1'='1",
      "$1 $2 \\' \" ;",
      "",
    ])
  func boundNotInterpolated(_ hostile: String) throws {
    let connection = try connect()
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v TEXT)")
    try connection.query("INSERT INTO t (id, v) VALUES ($1, $2)", [.integer(1), .text(hostile)])
    try connection.query("INSERT INTO t (id, v) VALUES ($1, $2)", [.integer(2), .text("kept")])
    #expect(
      try connection.query("SELECT v FROM t WHERE v = $1", [.text(hostile)]) == [[.text(hostile)]])
    #expect(
      try connection.query("SELECT id, v FROM t ORDER BY id") == [
        [.integer(1), .text(hostile)], [.integer(2), .text("kept")],
      ])
  }

  @Test(
    "values round-trip through a parameter and a column of their type",
    arguments: [
      ("BIGINT", PostgresValue.integer(.max)),
      ("BIGINT", .integer(.min)),
      ("BIGINT", .integer(0)),
      ("BIGINT", .integer(-1)),
      ("TEXT", .text("Say my name: Heisenberg — 日本語, ½, emoji 🧪, e\u{301}")),
      ("TEXT", .text("")),
      ("TEXT", .text("line\nbreak\ttab")),
      ("BYTEA", .bytea(Array(0...255))),
      ("BYTEA", .bytea([])),
      ("BYTEA", .bytea([0, 0, 92, 120, 39])),
      ("BOOLEAN", .bool(true)),
      ("BOOLEAN", .bool(false)),
      ("DOUBLE PRECISION", .double(3.5)),
      ("DOUBLE PRECISION", .double(0.1)),
      ("DOUBLE PRECISION", .double(-.greatestFiniteMagnitude)),
      ("DOUBLE PRECISION", .double(.leastNonzeroMagnitude)),
      ("DOUBLE PRECISION", .double(.infinity)),
      ("DOUBLE PRECISION", .double(-.infinity)),
      ("TEXT", .null),
      ("BIGINT", .null),
      ("BYTEA", .null),
    ])
  func roundTrip(_ type: String, _ value: PostgresValue) throws {
    let connection = try connect()
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v \(type))")
    try connection.query("INSERT INTO t (id, v) VALUES (1, $1)", [value])
    #expect(try connection.query("SELECT v FROM t") == [[value]])
    #expect(try connection.query("SELECT v IS NULL FROM t") == [[.bool(value.isNull)]])
    if !value.isNull {
      // Found by equality with the bound value: the server compared the same value.
      #expect(try connection.query("SELECT id FROM t WHERE v = $1", [value]) == [[.integer(1)]])
    }
  }

  @Test("NaN goes to the server and back as NaN")
  func notANumber() throws {
    let connection = try connect()
    let rows = try connection.query("SELECT $1::float8, 'NaN'::float4", [.double(.nan)])
    #expect(rows.count == 1)
    #expect(rows.first?.allSatisfy { $0.double?.isNaN == true } == true)
  }

  @Test("columns are read by type: int2, int4, oid, float4, numeric and others")
  func columnTypes() throws {
    let connection = try connect()
    let row = try connection.query(
      "SELECT 7::int2, -8::int4, 26::oid, 1.5::float4, 12.50::numeric, DATE '2008-01-20', NULL")
    #expect(
      row == [
        [
          .integer(7), .integer(-8), .integer(26), .double(1.5), .text("12.50"),
          .text("2008-01-20"), .null,
        ]
      ])
  }

  @Test("text with a NUL character is refused before it is sent")
  func nulInText() throws {
    let connection = try connect()
    let failure = #expect(throws: PostgresFailure.self) {
      try connection.query("SELECT $1::text", [.integer(1), .text("a\u{0}b")])
    }
    #expect(failure?.kind == .other)
    #expect(failure?.sqlState == nil)
    #expect(failure?.message.contains("$2") == true)
    #expect(failure?.statement == "SELECT $1::text")
    // The connection is still good.
    #expect(try connection.query("SELECT $1::text", [.text("ab")]) == [[.text("ab")]])
  }

  @Test("rowsAffected counts the rows of the last command")
  func rowsAffected() throws {
    let connection = try connect()
    try connection.execute("CREATE TABLE t (id BIGINT)")
    try connection.query("INSERT INTO t SELECT generate_series(1, 5)")
    #expect(connection.rowsAffected == 5)
    try connection.query("UPDATE t SET id = id + 10 WHERE id > $1", [.integer(3)])
    #expect(connection.rowsAffected == 2)
    try connection.query("DELETE FROM t WHERE id = $1", [.integer(99)])
    #expect(connection.rowsAffected == 0)
  }

  @Test(
    "a failing statement has the server's SQLSTATE and kind, and the connection stays usable",
    arguments: [
      ("SELECT * FROM no_such_table", "42P01", PostgresFailure.Kind.other),
      ("SELEC 1", "42601", .other),
      ("SELECT 1 / 0", "22012", .other),
      ("INSERT INTO t (id) VALUES (NULL)", "23502", .other),
      ("INSERT INTO t (id) VALUES (1)", "23505", .uniqueViolation),
      ("INSERT INTO t (id) VALUES (-5)", "23514", .other),
    ])
  func failureKinds(_ sql: String, _ sqlState: String, _ kind: PostgresFailure.Kind) throws {
    let connection = try connect()
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY CHECK (id >= 0))")
    try connection.query("INSERT INTO t (id) VALUES (1)")
    let failure = #expect(throws: PostgresFailure.self) { try connection.query(sql) }
    #expect(failure?.sqlState == sqlState)
    #expect(failure?.kind == kind)
    #expect(failure?.statement == sql)
    #expect(failure?.isTransient == false)
    #expect(failure?.description.contains("SQLSTATE \(sqlState)") == true)
    #expect(try connection.query("SELECT count(*) FROM t") == [[.integer(1)]])
    #expect(connection.isConnected)
  }

  @Test(
    "SQLSTATEs map to kinds",
    arguments: [
      ("40001", PostgresFailure.Kind.serializationFailure),
      ("40P01", .deadlock),
      ("23505", .uniqueViolation),
      ("57P01", .connectionLost),
      ("57P02", .connectionLost),
      ("57P03", .connectionLost),
      ("08006", .connectionLost),
      ("08000", .connectionLost),
      ("23503", .other),
      ("42P01", .other),
    ])
  func kinds(_ sqlState: String, _ kind: PostgresFailure.Kind) {
    #expect(PostgresFailure.kind(sqlState: sqlState) == kind)
    #expect(PostgresFailure(sqlState: sqlState, message: "m").kind == kind)
    #expect(
      PostgresFailure(sqlState: sqlState, message: "m").isTransient
        == (kind == .serializationFailure || kind == .deadlock))
  }

  @Test("a transaction commits what its body did when it returns")
  func commit() throws {
    let url = try TemporaryPostgres.freshDatabase()
    let connection = try PostgresConnection(url)
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    let result = try connection.transaction { () throws(PostgresFailure) -> Int in
      try connection.query("INSERT INTO t (id) VALUES (1), (2)")
      return connection.rowsAffected
    }
    #expect(result == 2)
    let other = try PostgresConnection(url)
    #expect(try other.query("SELECT id FROM t ORDER BY id") == [[.integer(1)], [.integer(2)]])
  }

  @Test("a transaction whose body throws is rolled back, and the connection is usable")
  func rollback() throws {
    let url = try TemporaryPostgres.freshDatabase()
    let connection = try PostgresConnection(url)
    try connection.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)")
    try connection.query("INSERT INTO t (id) VALUES (1)")
    let thrown = PostgresFailure(message: "the body gave up")
    let failure = #expect(throws: PostgresFailure.self) {
      try connection.transaction { () throws(PostgresFailure) in
        try connection.query("INSERT INTO t (id) VALUES (2)")
        try connection.query("DELETE FROM t WHERE id = 1")
        throw thrown
      }
    }
    #expect(failure == thrown)
    // A failing statement inside the body rolls back what came before it too.
    let duplicate = #expect(throws: PostgresFailure.self) {
      try connection.transaction { () throws(PostgresFailure) in
        try connection.query("INSERT INTO t (id) VALUES (3)")
        try connection.query("INSERT INTO t (id) VALUES (1)")
      }
    }
    #expect(duplicate?.kind == .uniqueViolation)
    #expect(try connection.query("SELECT id FROM t") == [[.integer(1)]])
    // Not left inside a transaction: this commits on its own.
    try connection.query("INSERT INTO t (id) VALUES (4)")
    let other = try PostgresConnection(url)
    #expect(try other.query("SELECT id FROM t ORDER BY id") == [[.integer(1)], [.integer(4)]])
  }

  @Test("withRetry runs a body again after a transient failure, and gives up after `attempts`")
  func retry() throws {
    let connection = try connect()
    var calls = 0
    let value = try connection.withRetry { () throws(PostgresFailure) -> Int in
      calls += 1
      if calls < 3 { throw PostgresFailure(sqlState: "40001", message: "could not serialize") }
      return calls
    }
    #expect(value == 3)
    calls = 0
    let failure = #expect(throws: PostgresFailure.self) {
      try connection.withRetry(attempts: 2) { () throws(PostgresFailure) in
        calls += 1
        throw PostgresFailure(sqlState: "40P01", message: "deadlock detected")
      }
    }
    #expect(failure?.kind == .deadlock)
    #expect(calls == 2)
    calls = 0
    #expect(throws: PostgresFailure.self) {
      try connection.withRetry { () throws(PostgresFailure) in
        calls += 1
        throw PostgresFailure(sqlState: "23505", message: "duplicate key")
      }
    }
    #expect(calls == 1)
  }

  @Test("two SERIALIZABLE transactions that cannot both commit fail one as a serialization failure")
  func serializationFailure() throws {
    let url = try TemporaryPostgres.freshDatabase()
    let first = try PostgresConnection(url)
    let second = try PostgresConnection(url)
    try first.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, n BIGINT)")
    try first.execute("INSERT INTO t VALUES (1, 0)")
    try first.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
    try second.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
    #expect(try first.query("SELECT n FROM t WHERE id = 1") == [[.integer(0)]])
    #expect(try second.query("SELECT n FROM t WHERE id = 1") == [[.integer(0)]])
    try first.query("UPDATE t SET n = n + 1 WHERE id = 1")
    try first.execute("COMMIT")
    let failure = #expect(throws: PostgresFailure.self) {
      try second.query("UPDATE t SET n = n + 1 WHERE id = 1")
    }
    #expect(failure?.kind == .serializationFailure)
    #expect(failure?.isTransient == true)
    second.rollback()
    #expect(try second.query("SELECT n FROM t WHERE id = 1") == [[.integer(1)]])
  }

  @Test(
    "a server that cannot be reached fails as connectionLost, without the password",
    arguments: [
      "postgres://walt:Heisenberg%2199@/bbfan?host=/nonexistent/bbfan-socket-folder",
      "postgresql://walt@/bbfan?host=/nonexistent/bbfan-socket-folder&password=Heisenberg!99",
      "host=/nonexistent/bbfan-socket-folder dbname=bbfan user=walt password='Heisenberg!99'",
    ])
  func unreachable(_ url: String) {
    let failure = #expect(throws: PostgresFailure.self) { try PostgresConnection(url) }
    #expect(failure?.kind == .connectionLost)
    let text = failure?.description ?? ""
    #expect(!text.contains("Heisenberg"), "\(text)")
    #expect(text.contains("/nonexistent/bbfan-socket-folder"), "\(text)")
    #expect(text.contains("***"), "\(text)")
  }

  @Test(
    "a connection string libpq cannot parse fails as other, without the password",
    arguments: [
      "postgres://walt:Heisenberg99@[::1/bbfan",
      "postgres://walt:Heisenberg99@h/bbfan?nonsense_option=1",
      "host=h password=Heisenberg99 dbname='unterminated",
      "host=h password=Heisenberg99 nonsense_option=1",
    ])
  func unparsable(_ url: String) {
    let failure = #expect(throws: PostgresFailure.self) { try PostgresConnection(url) }
    #expect(failure?.kind == .other)
    let text = failure?.description ?? ""
    #expect(!text.contains("Heisenberg"), "\(text)")
    #expect(text.hasPrefix("bad connection string"), "\(text)")
  }

  @Test("a password with a raw @ is in no message about a host libpq cannot find")
  func strayAt() {
    let url = "postgres://walt:Heisen@berg99@/bbfan?host=/nonexistent/bbfan-socket-folder"
    let failure = #expect(throws: PostgresFailure.self) { try PostgresConnection(url) }
    let text = failure?.description ?? ""
    #expect(!text.contains("Heisen"), "\(text)")
    #expect(!text.contains("berg99"), "\(text)")
  }
}
