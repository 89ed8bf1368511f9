/// The one algorithm for users and their sessions, over either engine (failed logins are
/// `LoginFailureRecords`).
package enum AccountRecords {
  /// Deletes the user and everything of theirs, in the write transaction `writer` runs in: the
  /// user's row locked first where the engine locks rows (so no toggle of theirs runs between),
  /// each of their favourites' counts one less, the failed logins of `usernameKey`, then the
  /// user, whose sessions, favourites, quizzes, review state and log and profile cascade.
  package static func deleteUser<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, usernameKey: String
  ) throws(Writer.Failure) {
    let user = SQLParameter.integer(userID)
    if writer.dialect.locksRows {
      _ = try writer.query("SELECT 1 FROM users WHERE id = ? FOR UPDATE", [user])
    }
    _ = try writer.query(
      """
      UPDATE favorite_counts SET count = count - 1
      WHERE (universe, quote_id) IN
        (SELECT universe, quote_id FROM favorites WHERE user_id = ?)
      """, [user])
    _ = try writer.query(
      "DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
    _ = try writer.query("DELETE FROM users WHERE id = ?", [user])
  }

  /// Creates a user at `now`, in the write transaction `writer` runs in; nil when the key is
  /// in use (also by a concurrent process: the key is unique, and the insert then does nothing).
  package static func createUser<Writer: SQLWriter>(
    _ writer: Writer, username: String, usernameKey: String, passwordHash: String, now: Int64
  ) throws(Writer.Failure) -> StoredUser? {
    guard
      let id = try writer.query(
        """
        INSERT INTO users (username, username_key, password_hash, created_at)
        VALUES (?, ?, ?, ?) ON CONFLICT (username_key) DO NOTHING RETURNING id
        """, [.text(username), .text(usernameKey), .text(passwordHash), .integer(now)]
      ).first?.first?.integer
    else { return nil }
    return StoredUser(id: id, username: username, createdAt: now)
  }

  /// The user with this key and the stored password hash.
  package static func user<Writer: SQLWriter>(_ writer: Writer, usernameKey: String)
    throws(Writer.Failure) -> (user: StoredUser, passwordHash: String)?
  {
    guard
      let row = try writer.query(
        "SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?",
        [.text(usernameKey)]
      ).first, let id = row[0].integer, let name = row[1].text, let hash = row[3].text
    else { return nil }
    return (StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0), hash)
  }

  /// Stores a session for `userID` under the hash of its token, in the write transaction
  /// `writer` runs in.
  package static func createSession<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, tokenHash: [UInt8], now: Int64
  ) throws(Writer.Failure) {
    _ = try writer.query(
      "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)",
      [.bytes(tokenHash), .integer(userID), .integer(now)])
  }

  /// The user whose session has this token hash.
  package static func user<Writer: SQLWriter>(_ writer: Writer, tokenHash: [UInt8])
    throws(Writer.Failure) -> StoredUser?
  {
    guard
      let row = try writer.query(
        """
        SELECT users.id, users.username, users.created_at FROM sessions
        JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?
        """, [.bytes(tokenHash)]
      ).first, let id = row[0].integer, let name = row[1].text
    else { return nil }
    return StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0)
  }

  /// Ends the session with this token hash, in the write transaction `writer` runs in.
  package static func deleteSession<Writer: SQLWriter>(_ writer: Writer, tokenHash: [UInt8])
    throws(Writer.Failure)
  {
    _ = try writer.query("DELETE FROM sessions WHERE token_hash = ?", [.bytes(tokenHash)])
  }
}
