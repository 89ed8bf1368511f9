import FanStorage

/// Why PostgreSQL (or libpq, on its way there) did not do what was asked.
///
/// `message` is the server's message, or libpq's when the server was never reached; neither
/// ever holds the password of the connection (see `PostgresConnection.redacted`).
package struct PostgresFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// What the caller can do about a failure.
  package enum Kind: Sendable, Equatable {
    /// SQLSTATE 40001: a SERIALIZABLE (or REPEATABLE READ) transaction lost to a concurrent one;
    /// running it again from the start may succeed.
    case serializationFailure
    /// SQLSTATE 40P01: the server broke a deadlock by aborting this transaction; running it
    /// again may succeed.
    case deadlock
    /// SQLSTATE 23505: a row with the same key exists.
    case uniqueViolation
    /// The server cannot be reached, or went away (a restart, a broken socket, SQLSTATE class
    /// 08, 57P01–57P03): a transaction that was open did not commit. The next call on the same
    /// connection tries to connect again.
    case connectionLost
    /// Anything else: a bad connection string, bad SQL, a constraint, a bug.
    case other
  }

  /// What the caller can do about it.
  package let kind: Kind
  /// The five-character SQLSTATE the server sent, or nil when the failure came from libpq.
  package let sqlState: String?
  /// The server's (or libpq's) message, on one line.
  package let message: String
  /// The SQL that failed (never its parameters), or nil when none was being run.
  package let statement: String?

  /// A failure of `kind`; the kind comes from `sqlState` when not given.
  package init(
    kind: Kind? = nil, sqlState: String? = nil, message: String, statement: String? = nil
  ) {
    self.kind = kind ?? sqlState.map(Self.kind(sqlState:)) ?? .other
    self.sqlState = sqlState
    self.message = message
    self.statement = statement
  }

  /// The kind of failure that `sqlState` reports.
  package static func kind(sqlState: String) -> Kind {
    switch sqlState {
    case "40001": .serializationFailure
    case "40P01": .deadlock
    case "23505": .uniqueViolation
    // admin_shutdown, crash_shutdown, cannot_connect_now.
    case "57P01", "57P02", "57P03": .connectionLost
    default: sqlState.hasPrefix("08") ? .connectionLost : .other
    }
  }

  /// Whether running the whole transaction again may succeed (a serialization failure or a
  /// deadlock).
  package var isTransient: Bool { kind == .serializationFailure || kind == .deadlock }

  /// The message with its SQLSTATE, for logs.
  package var description: String {
    sqlState.map { "\(message) (SQLSTATE \($0))" } ?? message
  }
}
