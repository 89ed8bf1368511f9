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
  /// (so no toggle of theirs runs between): each favourite count one less, then the user,
  /// whose sessions, favourites, quizzes, review state and log and profile cascade, and the
  /// failed logins of `usernameKey`.
  package func deleteUser(userID: Int64, usernameKey: String) throws(StorageError) {
    try write { () throws(PostgresFailure) in
      try connection.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [.integer(userID)])
      try connection.query(
        """
        UPDATE favorite_counts SET count = count - 1
        WHERE (universe, quote_id) IN
          (SELECT universe, quote_id FROM favorites WHERE user_id = $1)
        """, [.integer(userID)])
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = $1", [.text(usernameKey)])
      try connection.query("DELETE FROM users WHERE id = $1", [.integer(userID)])
    }
  }

  /// Counts one more failed login of this username, keeping counts for a day and at most
  /// `StorageDefaults.maximumLoginFailureRows` usernames, as the SQLite store does.
  @discardableResult
  package func recordLoginFailure(usernameKey: String) throws(StorageError) -> (
    failures: Int, at: Int64
  ) {
    let now = clock()
    let retention = StorageDefaults.loginFailureRetentionMilliseconds
    let limit = Int64(StorageDefaults.maximumLoginFailureRows)
    let failures = try write { () throws(PostgresFailure) -> Int64 in
      try connection.query(
        "DELETE FROM login_failures WHERE last_failure_at < $1", [.integer(now - retention)])
      let count =
        try connection.query(
          """
          INSERT INTO login_failures (username_key, failures, last_failure_at) VALUES ($1, 1, $2)
          ON CONFLICT (username_key) DO UPDATE SET failures = login_failures.failures + 1,
            last_failure_at = excluded.last_failure_at
          RETURNING failures
          """, [.text(usernameKey), .integer(now)]
        ).first?.first?.integer ?? 1
      try connection.query(
        """
        DELETE FROM login_failures WHERE username_key IN (
          SELECT username_key FROM login_failures WHERE username_key <> $1
          ORDER BY last_failure_at DESC, username_key OFFSET $2)
        """, [.text(usernameKey), .integer(limit - 1)])
      return count
    }
    return (Int(failures), now)
  }

  /// The consecutive failures for this username and the time of the last one.
  package func loginFailures(usernameKey: String) throws(StorageError) -> (
    failures: Int, lastAt: Int64
  )? {
    guard
      let row = try read(
        "SELECT failures, last_failure_at FROM login_failures WHERE username_key = $1",
        [.text(usernameKey)]
      ).first, let failures = row[0].integer, let last = row[1].integer
    else { return nil }
    return (Int(failures), last)
  }

  /// Forgets the failures of this username.
  package func clearLoginFailures(usernameKey: String) throws(StorageError) {
    try write { () throws(PostgresFailure) in
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = $1", [.text(usernameKey)])
    }
  }
}
