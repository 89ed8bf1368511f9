import Testing

@testable import FanPostgres
@testable import FanStorage

/// What `PostgresConnection.redacted` and `scrubbed` leave of a connection string: never a
/// password, and everything else as it was.
@Suite("PostgreSQL redaction")
struct PostgresRedactionTests {
  /// A connection string, what it must redact to, and the secrets that must not be in it.
  struct Case: Sendable, CustomTestStringConvertible {
    let connection: String
    let expected: String
    let secrets: [String]

    var testDescription: String { connection }
  }

  static let urls: [Case] = [
    Case(
      connection: "postgres://u:secret@h/db", expected: "postgres://u:***@h/db",
      secrets: ["secret"]),
    Case(
      connection: "postgresql://walt:heisenberg@db.example:5432/bbfan?sslmode=require",
      expected: "postgresql://walt:***@db.example:5432/bbfan?sslmode=require",
      secrets: ["heisenberg"]),
    // Percent-encoded: neither the encoded nor the decoded password is left.
    Case(
      connection: "postgres://u:s%40cr%2Fet%20x@h/db", expected: "postgres://u:***@h/db",
      secrets: ["s%40cr%2Fet%20x", "s@cr/et x"]),
    Case(
      connection: "postgres://u@h/db?sslmode=disable&password=secret&application_name=bbfan",
      expected: "postgres://u@h/db?sslmode=disable&password=***&application_name=bbfan",
      secrets: ["secret"]),
    // A percent-encoded key is still `password` to libpq.
    Case(
      connection: "postgres://u@h/db?pass%77ord=secret",
      expected: "postgres://u@h/db?pass%77ord=***",
      secrets: ["secret"]),
    Case(
      connection: "postgres://u:first@h/db?password=second",
      expected: "postgres://u:***@h/db?password=***", secrets: ["first", "second"]),
    // A raw `/` ends the credentials for libpq, but the password is still hidden.
    Case(
      connection: "postgres://u:se/cret@h/db", expected: "postgres://u:***@h/db",
      secrets: ["se/cret", "cret"]),
    // A raw `@` inside the password: all of it is hidden, not just what comes before the `@`.
    Case(
      connection: "postgres://u:se@cret@h/db", expected: "postgres://u:***@h/db",
      secrets: ["se@cret", "cret"]),
    Case(
      connection: "postgres://u:hunter@two@h?sslmode=disable",
      expected: "postgres://u:***@h?sslmode=disable", secrets: ["hunter@two", "two"]),
    // A `?` inside the password, which libpq reads as part of it.
    Case(
      connection: "postgres://u:se?cret@h/db", expected: "postgres://u:***@h/db",
      secrets: ["se?cret"]),
    // An `@` in a query value is no password.
    Case(
      connection: "postgres://u:pw@h?application_name=a@b",
      expected: "postgres://u:***@h?application_name=a@b", secrets: ["pw"]),
    Case(
      connection: "postgres://u:@h/db", expected: "postgres://u:***@h/db", secrets: []),
  ]

  static let unchanged: [String] = [
    "postgres://u@h/db",
    "postgres://bbfan@/bbfan?host=/tmp/bbfan-pg-abc",
    "postgresql://h:5432/db?sslmode=verify-full",
    "postgres://",
    "host=h port=5432 dbname=bbfan user=walt",
    "host=/tmp/folder dbname='a b' user=walt",
    "",
    "not a conninfo at all",
  ]

  static let conninfos: [Case] = [
    Case(
      connection: "host=h password=secret", expected: "host=h password=***", secrets: ["secret"]),
    Case(
      connection: "host=h  password = secret\tdbname=bbfan user=walt",
      expected: "host=h  password=***\tdbname=bbfan user=walt", secrets: ["secret"]),
    Case(
      connection: #"host=h password='a b\'c' dbname=bbfan"#,
      expected: "host=h password=*** dbname=bbfan", secrets: ["a b", "b'c", #"b\'c"#]),
    Case(
      connection: #"password=back\\slash host=h"#, expected: "password=*** host=h",
      secrets: [#"back\slash"#, #"back\\slash"#]),
    // A dbname that is itself a connection string.
    Case(
      connection: "host=h dbname=postgres://u:secret@h2/db user=walt",
      expected: "host=h dbname='postgres://u:***@h2/db' user=walt", secrets: ["secret"]),
    Case(
      connection: "dbname='host=h2 password=secret port=5433'",
      expected: "dbname='host=h2 password=*** port=5433'", secrets: ["secret"]),
    Case(
      connection: #"dbname='host=h2 password=\'hid den\'' user=walt"#,
      expected: #"dbname='host=h2 password=***' user=walt"#, secrets: ["hid den", "hid"]),
  ]

  @Test("a URL's password is hidden and the rest kept", arguments: urls)
  func url(_ test: Case) {
    let redacted = PostgresConnection.redacted(test.connection)
    #expect(redacted == test.expected)
    for secret in test.secrets { #expect(!redacted.contains(secret), "\(secret) in \(redacted)") }
  }

  @Test("a conninfo's password is hidden and the rest kept", arguments: conninfos)
  func conninfo(_ test: Case) {
    let redacted = PostgresConnection.redacted(test.connection)
    #expect(redacted == test.expected)
    for secret in test.secrets { #expect(!redacted.contains(secret), "\(secret) in \(redacted)") }
  }

  @Test("a connection string without a password is left as it is", arguments: unchanged)
  func noPassword(_ connection: String) {
    #expect(PostgresConnection.redacted(connection) == connection)
  }

  @Test(
    "every secret found is scrubbed from a message libpq could write", arguments: urls + conninfos)
  func scrubbedMessage(_ test: Case) {
    let redaction = PostgresConnection.redaction(test.connection)
    #expect(redaction.text == PostgresConnection.redacted(test.connection))
    let message = "invalid URI query parameter: \"\(test.connection)\""
    let scrubbed = PostgresConnection.scrubbed(message, secrets: redaction.secrets)
    for secret in test.secrets { #expect(!scrubbed.contains(secret), "\(secret) in \(scrubbed)") }
    #expect(scrubbed.hasPrefix("invalid URI query parameter: \""))
  }

  @Test("scrubbing replaces the longest secret first, and ignores an empty one")
  func scrubbing() {
    #expect(
      PostgresConnection.scrubbed("bad abc and ab", secrets: ["ab", "", "abc"])
        == "bad *** and ***")
    #expect(PostgresConnection.scrubbed("nothing here", secrets: [""]) == "nothing here")
    #expect(PostgresConnection.scrubbed("nothing here", secrets: []) == "nothing here")
  }

  @Test("only postgres:// and postgresql:// are URLs to libpq")
  func schemes() {
    #expect(PostgresConnection.isURL("postgres://h"))
    #expect(PostgresConnection.isURL("postgresql://h"))
    #expect(!PostgresConnection.isURL("host=h"))
    #expect(!PostgresConnection.isURL("mysql://u:p@h"))
  }
}
