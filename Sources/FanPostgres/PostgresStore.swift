import FanStorage

/// The PostgreSQL store: the shared state of a community (users, sessions, failed logins,
/// favourites and their counts, quizzes with their reviews, profiles with their photos) in one
/// database that bbfan processes on many machines use at once.
///
/// Every write is one transaction with bound parameters. Concurrent writers are kept exact with
/// row locks rather than SERIALIZABLE: a user's writes take that user's row (`FOR UPDATE`), and
/// a favourite count is changed by one `UPDATE … SET count = count ± 1` (or an upsert), which
/// PostgreSQL applies to the newest row version under its lock. A popular quote toggled by many
/// users at once then waits in line instead of failing and retrying; a deadlock, should one
/// happen, is retried. The schema is created or migrated under an advisory lock, so machines
/// starting at once never run a migration twice, and a database of a newer schema is refused.
///
/// A lost connection (the server restarted) fails the request that finds it with `unavailable`,
/// and nothing of its transaction is kept; the next request connects again.
package actor PostgresStore {
  /// The schema version this bbfan writes.
  package static let schemaVersion = 2
  /// The advisory lock key that migrations hold (`bbfan` in ASCII).
  static let migrationLockKey: Int64 = 0x6262_6661_6E00

  /// The connection; only the store and its extensions use it.
  let connection: PostgresConnection
  /// Where the database is, without its password.
  package let location: String
  /// The clock, in milliseconds since 1970.
  let clock: @Sendable () -> Int64

  /// Connects to the database at `url` and brings its schema up to date.
  package init(url: String, clock: @escaping @Sendable () -> Int64 = StorageDefaults.wallClock)
    throws(StorageError)
  {
    let location = PostgresConnection.redacted(url)
    do {
      connection = try PostgresConnection(url)
    } catch {
      throw PostgresStore.storageError(error, location: location)
    }
    self.location = location
    self.clock = clock
    try PostgresStore.migrate(connection, location: location)
  }

  /// The store's clock, in milliseconds since 1970.
  package func now() -> Int64 { clock() }

  /// Runs `body` in one transaction, again after a deadlock or serialization failure; failures
  /// become `StorageError`s (a lost connection is `unavailable`: nothing was saved).
  ///
  /// A connection found broken by the transaction's `BEGIN` (the server restarted while this
  /// process was idle) is connected again and the transaction run once more: nothing of it had
  /// reached the server.
  @discardableResult
  func write<R>(_ body: () throws(PostgresFailure) -> R) throws(StorageError) -> R {
    var reconnected = false
    while true {
      do {
        return try connection.withRetry { () throws(PostgresFailure) -> R in
          try connection.transaction(body)
        }
      } catch {
        if error.kind == .connectionLost, !reconnected, error.statement?.hasPrefix("BEGIN") == true
        {
          reconnected = true
          continue
        }
        throw PostgresStore.storageError(error, location: location)
      }
    }
  }

  /// Runs one read (again once on a connection found broken: a read changes nothing); failures
  /// become `StorageError`s.
  func read(_ sql: String, _ parameters: [PostgresValue] = []) throws(StorageError)
    -> [[PostgresValue]]
  {
    var retried = false
    while true {
      do {
        return try connection.query(sql, parameters)
      } catch {
        if error.kind == .connectionLost, !retried {
          retried = true
          continue
        }
        throw PostgresStore.storageError(error, location: location)
      }
    }
  }

  /// Runs `body`, the statements of a read written over `SQLDialect`, outside a transaction (again
  /// once on a connection found broken: a read changes nothing); failures become `StorageError`s.
  func read<R>(_ body: (PostgresWriter) throws(PostgresFailure) -> R) throws(StorageError) -> R {
    var retried = false
    while true {
      do {
        return try body(PostgresWriter(connection: connection))
      } catch {
        if error.kind == .connectionLost, !retried {
          retried = true
          continue
        }
        throw PostgresStore.storageError(error, location: location)
      }
    }
  }

  /// The `StorageError` for a failure of the database at `location`.
  static func storageError(_ failure: PostgresFailure, location: String) -> StorageError {
    switch failure.kind {
    case .connectionLost:
      return .unavailable(location: location, detail: failure.message)
    case .serializationFailure, .deadlock:
      return .busy(path: location, timeoutMilliseconds: 0)
    case .uniqueViolation, .other:
      return .internalFailure(
        detail: failure.sqlState.map { "\(failure.message) (SQLSTATE \($0))" } ?? failure.message,
        statement: failure.statement ?? "")
    }
  }
}

extension PostgresStore: SharedStore {}
