import FanStorage
import Testing

/// How the dialect seam spells one statement for each engine.
@Suite("SQL dialect")
struct SQLDialectTests {
  @Test(
    "placeholders are numbered for PostgreSQL and left as ? for SQLite",
    arguments: [
      (SQLDialect.sqlite, "DELETE FROM t WHERE a = ? AND b = ?"),
      (SQLDialect.postgres, "DELETE FROM t WHERE a = $1 AND b = $2"),
    ])
  func placeholders(dialect: SQLDialect, expected: String) {
    #expect(dialect.text("DELETE FROM t WHERE a = ? AND b = ?") == expected)
  }

  @Test(
    "a statement without parameters is the same in both", arguments: [SQLDialect.sqlite, .postgres])
  func noParameters(dialect: SQLDialect) {
    #expect(dialect.text("SELECT 1") == "SELECT 1")
  }

  @Test("only PostgreSQL locks rows")
  func rowLocks() {
    #expect(SQLDialect.postgres.locksRows)
    #expect(!SQLDialect.sqlite.locksRows)
  }

  @Test(
    "a photo's size is read by each engine's function",
    arguments: [(SQLDialect.sqlite, "length"), (SQLDialect.postgres, "octet_length")])
  func byteLength(dialect: SQLDialect, expected: String) {
    #expect(dialect.byteLength == expected)
  }
}
