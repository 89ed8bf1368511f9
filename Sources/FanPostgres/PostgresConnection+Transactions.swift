import FanStorage
import POSIXSupport

extension PostgresConnection {
  /// Runs `body` in one transaction: committed if `body` returns, rolled back if it throws.
  ///
  /// `serializable` runs it at `SERIALIZABLE` isolation, where the server fails one of two
  /// transactions that could not have run one after the other (`serializationFailure`: run it
  /// again, see `withRetry`); otherwise at the server's default, `READ COMMITTED`. A failure to
  /// commit, `connectionLost` included, means that nothing of it was kept, or (when the
  /// connection broke during `COMMIT` itself) that nobody can know: never report it as done.
  /// Transactions do not nest.
  @discardableResult
  package func transaction<R>(
    serializable: Bool = false, _ body: () throws(PostgresFailure) -> R
  ) throws(PostgresFailure) -> R {
    try execute(serializable ? "BEGIN ISOLATION LEVEL SERIALIZABLE" : "BEGIN")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      rollback()
      throw error
    }
  }

  /// Runs `body` (which should be a whole transaction) again while it fails as a serialization
  /// failure or a deadlock, up to `attempts` times in all, after a short random pause that
  /// grows; the last failure is thrown.
  package func withRetry<R>(attempts: Int = 5, _ body: () throws(PostgresFailure) -> R)
    throws(PostgresFailure) -> R
  {
    var attempt = 1
    while true {
      do {
        return try body()
      } catch {
        guard error.isTransient, attempt < attempts else { throw error }
        // Two transactions that collided should not meet again at once.
        usleep(useconds_t(UInt32.random(in: 1...(2000 << min(attempt, 6)))))
        attempt += 1
      }
    }
  }

  /// Takes the advisory lock `key` until the current transaction ends (`pg_advisory_xact_lock`).
  ///
  /// It waits while another session holds it, so that two machines starting at once run a
  /// migration one after the other. Call it inside `transaction`.
  package func lockForTransaction(_ key: Int64) throws(PostgresFailure) {
    try query("SELECT pg_advisory_xact_lock($1)", [.integer(key)])
  }

  /// Rolls back the open transaction, if any; a failure to (the connection is gone) leaves
  /// nothing to undo, since the server drops the transaction of a lost connection.
  func rollback() {
    do {
      try execute("ROLLBACK")
    } catch {
      // Nothing was committed either way.
    }
  }
}
