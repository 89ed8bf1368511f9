import FanStorage

extension PostgresStore: AccountStore {
  /// Creates a user (`AccountRecords`); `usernameTaken` when the key is in use (also by a
  /// concurrent process).
  package func createUser(username: String, usernameKey: String, passwordHash: String)
    throws(StorageError) -> StoredUser
  {
    let now = clock()
    let user = try write { () throws(PostgresFailure) in
      try AccountRecords.createUser(
        PostgresWriter(connection: connection), username: username, usernameKey: usernameKey,
        passwordHash: passwordHash, now: now)
    }
    guard let user else { throw .usernameTaken }
    return user
  }

  /// The user with this key and the stored password hash.
  package func user(usernameKey: String) throws(StorageError) -> (
    user: StoredUser, passwordHash: String
  )? {
    try read { writer throws(PostgresFailure) in
      try AccountRecords.user(writer, usernameKey: usernameKey)
    }
  }

  /// Stores a session for `userID` under the hash of its token.
  package func createSession(userID: Int64, tokenHash: [UInt8]) throws(StorageError) {
    let now = clock()
    try write { () throws(PostgresFailure) in
      try AccountRecords.createSession(
        PostgresWriter(connection: connection), userID: userID, tokenHash: tokenHash, now: now)
    }
  }

  /// The user whose session has this token hash.
  package func user(tokenHash: [UInt8]) throws(StorageError) -> StoredUser? {
    try read { writer throws(PostgresFailure) in
      try AccountRecords.user(writer, tokenHash: tokenHash)
    }
  }

  /// Ends the session with this token hash.
  package func deleteSession(tokenHash: [UInt8]) throws(StorageError) {
    try write { () throws(PostgresFailure) in
      try AccountRecords.deleteSession(
        PostgresWriter(connection: connection), tokenHash: tokenHash)
    }
  }

  /// Deletes the user and everything of theirs in one transaction, under the user's row lock
  /// (`AccountRecords`).
  package func deleteUser(userID: Int64, usernameKey: String) throws(StorageError) {
    try write { () throws(PostgresFailure) in
      try AccountRecords.deleteUser(
        PostgresWriter(connection: connection), userID: userID, usernameKey: usernameKey)
    }
  }

  /// Counts one more failed login of this username (`LoginFailureRecords`), keeping counts for
  /// a day and at most `StorageDefaults.maximumLoginFailureRows` usernames, as the SQLite store
  /// does.
  @discardableResult
  package func recordLoginFailure(usernameKey: String) throws(StorageError) -> (
    failures: Int, at: Int64
  ) {
    let now = clock()
    let failures = try write { () throws(PostgresFailure) -> Int in
      try LoginFailureRecords.record(
        PostgresWriter(connection: connection), usernameKey: usernameKey, now: now,
        retention: StorageDefaults.loginFailureRetentionMilliseconds,
        limit: StorageDefaults.maximumLoginFailureRows)
    }
    return (failures, now)
  }

  /// The consecutive failures for this username and the time of the last one.
  package func loginFailures(usernameKey: String) throws(StorageError) -> (
    failures: Int, lastAt: Int64
  )? {
    try read { writer throws(PostgresFailure) in
      try LoginFailureRecords.failures(writer, usernameKey: usernameKey)
    }
  }

  /// Forgets the failures of this username.
  package func clearLoginFailures(usernameKey: String) throws(StorageError) {
    try write { () throws(PostgresFailure) in
      try LoginFailureRecords.clear(
        PostgresWriter(connection: connection), usernameKey: usernameKey)
    }
  }
}
