import FanCore
import FanStorage

extension SQLiteStore: AccountStore {
  /// Creates a user; `usernameTaken` when the key is in use.
  package func createUser(username: String, usernameKey: String, passwordHash: String)
    throws(StorageError)
    -> StoredUser
  {
    let now = clock()
    return try transaction { () throws(StorageError) in
      let existing = try connection.query(
        "SELECT 1 FROM users WHERE username_key = ?", [.text(usernameKey)])
      guard existing.isEmpty else { throw .usernameTaken }
      try connection.query(
        "INSERT INTO users (username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?)",
        [.text(username), .text(usernameKey), .text(passwordHash), .integer(now)])
      let id = try connection.query("SELECT last_insert_rowid()").first?.first?.integer ?? 0
      return StoredUser(id: id, username: username, createdAt: now)
    }
  }

  /// The user with this key and the stored password hash.
  package func user(usernameKey: String) throws(StorageError) -> (
    user: StoredUser, passwordHash: String
  )? {
    let rows = try connection.query(
      "SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?",
      [.text(usernameKey)])
    guard let row = rows.first, let id = row[0].integer, let name = row[1].text,
      let hash = row[3].text
    else {
      return nil
    }
    return (StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0), hash)
  }

  /// Stores a session for `userID` under the hash of its token.
  package func createSession(userID: Int64, tokenHash: [UInt8]) throws(StorageError) {
    let now = clock()
    try transaction { () throws(StorageError) in
      try connection.query(
        "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)",
        [.blob(tokenHash), .integer(userID), .integer(now)])
    }
  }

  /// The user whose session has this token hash.
  package func user(tokenHash: [UInt8]) throws(StorageError) -> StoredUser? {
    let rows = try connection.query(
      """
      SELECT users.id, users.username, users.created_at FROM sessions
      JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?
      """, [.blob(tokenHash)])
    return rows.first.flatMap(SQLiteStore.user(from:))
  }

  /// Ends the session with this token hash.
  package func deleteSession(tokenHash: [UInt8]) throws(StorageError) {
    try transaction { () throws(StorageError) in
      try connection.query("DELETE FROM sessions WHERE token_hash = ?", [.blob(tokenHash)])
    }
  }

  /// Deletes the user and everything of theirs in one transaction (the tables that reference
  /// the user cascade; the favourite counts are lowered first), then leaves no copy of the
  /// deleted rows in the files (see `scrubLog`).
  package func deleteUser(userID: Int64, usernameKey: String) throws(StorageError) {
    try transaction { () throws(StorageError) in
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

  static func user(from row: [SQLiteValue]) -> StoredUser? {
    guard let id = row[0].integer, let name = row[1].text else { return nil }
    return StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0)
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
    throws(StorageError) -> (failures: Int, at: Int64)
  {
    let now = clock()
    return try transaction { () throws(StorageError) in
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
  package func recordLoginFailure(usernameKey: String) throws(StorageError) -> (
    failures: Int, at: Int64
  ) {
    try recordLoginFailure(
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
  package func clearLoginFailures(usernameKey: String) throws(StorageError) {
    try transaction { () throws(StorageError) in
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
    }
  }

  /// The store's clock, in milliseconds since 1970.
  package func now() -> Int64 { clock() }
}
