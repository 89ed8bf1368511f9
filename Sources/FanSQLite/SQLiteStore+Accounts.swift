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

  /// Deletes the user and everything of theirs in one transaction (`AccountRecords`), with the
  /// accounts signed in here, then leaves no copy of the deleted rows in the files (see
  /// `scrubLog`).
  package func deleteUser(userID: Int64, usernameKey: String) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query("DELETE FROM signed_in WHERE user_id = ?", [.integer(userID)])
      try AccountRecords.deleteUser(
        SQLiteWriter(connection: connection), userID: userID, usernameKey: usernameKey)
    }
    try scrubLog()
  }

  // MARK: - Failed logins

  /// Counts one more consecutive failure for this username (`LoginFailureRecords`), keeping
  /// counts for `retention` milliseconds and at most `limit` usernames; returns the count and
  /// its time.
  @discardableResult
  package func recordLoginFailure(usernameKey: String, retention: Int64, limit: Int)
    async throws(StorageError) -> (failures: Int, at: Int64)
  {
    let now = clock()
    return try await transaction { connection throws(StorageError) in
      let failures = try LoginFailureRecords.record(
        SQLiteWriter(connection: connection), usernameKey: usernameKey, now: now,
        retention: retention, limit: limit)
      return (failures, now)
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
    try LoginFailureRecords.failures(SQLiteWriter(connection: connection), usernameKey: usernameKey)
  }

  /// Forgets the failures of this username (after a successful login).
  package func clearLoginFailures(usernameKey: String) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try LoginFailureRecords.clear(SQLiteWriter(connection: connection), usernameKey: usernameKey)
    }
  }

  /// The store's clock, in milliseconds since 1970.
  package func now() -> Int64 { clock() }
}
