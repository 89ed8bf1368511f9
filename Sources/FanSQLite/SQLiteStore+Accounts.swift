import FanCore
import FanStorage

extension SQLiteStore: AccountStore {
  /// Creates a user (`AccountRecords`); `usernameTaken` when the key is in use.
  package func createUser(username: String, usernameKey: String, passwordHash: String)
    async throws(StorageError) -> StoredUser
  {
    let now = clock()
    return try await transaction { connection throws(StorageError) in
      guard
        let user = try AccountRecords.createUser(
          SQLiteWriter(connection: connection), username: username, usernameKey: usernameKey,
          passwordHash: passwordHash, now: now)
      else { throw .usernameTaken }
      return user
    }
  }

  /// The user with this key and the stored password hash.
  package func user(usernameKey: String) throws(StorageError) -> (
    user: StoredUser, passwordHash: String
  )? {
    try AccountRecords.user(SQLiteWriter(connection: connection), usernameKey: usernameKey)
  }

  /// Stores a session for `userID` under the hash of its token.
  package func createSession(userID: Int64, tokenHash: [UInt8]) async throws(StorageError) {
    let now = clock()
    try await transaction { connection throws(StorageError) in
      try AccountRecords.createSession(
        SQLiteWriter(connection: connection), userID: userID, tokenHash: tokenHash, now: now)
    }
  }

  /// The user whose session has this token hash.
  package func user(tokenHash: [UInt8]) throws(StorageError) -> StoredUser? {
    try AccountRecords.user(SQLiteWriter(connection: connection), tokenHash: tokenHash)
  }

  /// Ends the session with this token hash.
  package func deleteSession(tokenHash: [UInt8]) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try AccountRecords.deleteSession(SQLiteWriter(connection: connection), tokenHash: tokenHash)
    }
  }

  /// Deletes the user and everything of theirs in one transaction (the tables that reference
  /// the user cascade; the favourite counts are lowered first), then leaves no copy of the
  /// deleted rows in the files (see `scrubLog`).
  package func deleteUser(userID: Int64, usernameKey: String) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query(
        """
        UPDATE favorite_counts SET count = count - 1
        WHERE (universe, quote_id) IN
          (SELECT universe, quote_id FROM favorites WHERE user_id = ?)
        """, [.integer(userID)])
      try connection.query("DELETE FROM signed_in WHERE user_id = ?", [.integer(userID)])
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
      try connection.query("DELETE FROM users WHERE id = ?", [.integer(userID)])
    }
    try scrubLog()
  }

  // MARK: - Failed logins

  /// Counts one more consecutive failure for this username; returns the count and its time.
  ///
  /// The table stays bounded: in the same transaction, counts whose last failure is older than
  /// `retention` milliseconds are deleted, and then the oldest beyond `limit` usernames (and any
  /// key longer than a username can be, left by an older bbfan). Callers pass only valid
  /// usernames' keys.
  @discardableResult
  package func recordLoginFailure(usernameKey: String, retention: Int64, limit: Int)
    async throws(StorageError) -> (failures: Int, at: Int64)
  {
    let now = clock()
    return try await transaction { connection throws(StorageError) in
      try connection.query(
        "DELETE FROM login_failures WHERE last_failure_at < ? OR length(username_key) > ?",
        [.integer(now - retention), .integer(Int64(UsernamePolicy.maximumLength))])
      try connection.query(
        """
        INSERT INTO login_failures (username_key, failures, last_failure_at) VALUES (?, 1, ?)
        ON CONFLICT (username_key) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at
        """, [.text(usernameKey), .integer(now)])
      let count = try connection.query("SELECT COUNT(*) FROM login_failures").first?.first?.integer
      if let count, count > limit {
        try connection.query(
          """
          DELETE FROM login_failures WHERE username_key IN (
            SELECT username_key FROM login_failures WHERE username_key != ?
            ORDER BY last_failure_at, username_key LIMIT ?)
          """, [.text(usernameKey), .integer(count - Int64(limit))])
      }
      let row = try connection.query(
        "SELECT failures FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
      return (Int(row.first?.first?.integer ?? 1), now)
    }
  }

  /// Counts one more consecutive failure for this username, keeping counts for a day and at
  /// most `StorageDefaults.maximumLoginFailureRows` usernames.
  @discardableResult
  package func recordLoginFailure(usernameKey: String) async throws(StorageError) -> (
    failures: Int, at: Int64
  ) {
    try await recordLoginFailure(
      usernameKey: usernameKey, retention: StorageDefaults.loginFailureRetentionMilliseconds,
      limit: StorageDefaults.maximumLoginFailureRows)
  }

  /// The consecutive failures for this username and the time of the last one.
  package func loginFailures(usernameKey: String) throws(StorageError) -> (
    failures: Int, lastAt: Int64
  )? {
    let rows = try connection.query(
      "SELECT failures, last_failure_at FROM login_failures WHERE username_key = ?",
      [.text(usernameKey)])
    guard let row = rows.first, let failures = row[0].integer, let last = row[1].integer else {
      return nil
    }
    return (Int(failures), last)
  }

  /// Forgets the failures of this username (after a successful login).
  package func clearLoginFailures(usernameKey: String) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
    }
  }

  /// The store's clock, in milliseconds since 1970.
  package func now() -> Int64 { clock() }
}
