import FanStorage

extension SQLiteStore {
  /// Leaves no copy of deleted rows in the data directory's files, after a write that deleted
  /// something a user wants gone (a photo, an account).
  ///
  /// The connection runs with `PRAGMA secure_delete = ON`, so a deleted row's bytes are
  /// overwritten with zeros in the pages that held them; the write-ahead log still holds the
  /// pages as they were before, so it is copied into the database file and truncated to
  /// nothing (`wal_checkpoint(TRUNCATE)`). Inside a transaction (a group's shared one) nothing
  /// is done: the next such write does it. When another process is reading an older state at that
  /// moment the log cannot be truncated yet; the next such write, or the last connection to
  /// close, does it.
  func scrubLog() throws(StorageError) {
    _ = try connections.runOutsideTransactions("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}
