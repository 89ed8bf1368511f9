import FanStorage

extension SQLiteStore: SignedInStore {
  /// Records `tokenHash` as the session of `userID` here, replacing an earlier one of the same
  /// user, and makes it the current one.
  package func signIn(userID: Int64, username: String, tokenHash: [UInt8])
    async throws(StorageError)
  {
    let now = clock()
    try await transaction { connection throws(StorageError) in
      try connection.query(
        "DELETE FROM signed_in WHERE user_id = ? OR token_hash = ?",
        [.integer(userID), .blob(tokenHash)])
      try connection.query("UPDATE signed_in SET is_current = 0 WHERE is_current = 1")
      try connection.query(
        """
        INSERT INTO signed_in (token_hash, user_id, username, signed_in_at, is_current)
        VALUES (?, ?, ?, ?, 1)
        """, [.blob(tokenHash), .integer(userID), .text(username), .integer(now)])
    }
  }

  /// Every session signed in here, in the order they signed in.
  package func signedIn() throws(StorageError) -> [SignedInSession] {
    try connection.query(
      """
      SELECT user_id, username, token_hash, signed_in_at, is_current FROM signed_in ORDER BY id
      """
    ).compactMap(SQLiteStore.signedInSession(from:))
  }

  /// The current session, or nil.
  package func currentSession() throws(StorageError) -> SignedInSession? {
    try connection.query(
      """
      SELECT user_id, username, token_hash, signed_in_at, is_current FROM signed_in
      WHERE is_current = 1
      """
    ).first.flatMap(SQLiteStore.signedInSession(from:))
  }

  /// Makes the session with `tokenHash` current; false when it is not signed in here.
  package func makeCurrent(tokenHash: [UInt8]) async throws(StorageError) -> Bool {
    try await transaction { connection throws(StorageError) in
      guard
        !(try connection.query("SELECT 1 FROM signed_in WHERE token_hash = ?", [.blob(tokenHash)])
          .isEmpty)
      else { return false }
      try connection.query("UPDATE signed_in SET is_current = 0 WHERE is_current = 1")
      try connection.query(
        "UPDATE signed_in SET is_current = 1 WHERE token_hash = ?", [.blob(tokenHash)])
      return true
    }
  }

  /// Forgets the session with `tokenHash` here.
  package func forget(tokenHash: [UInt8]) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query("DELETE FROM signed_in WHERE token_hash = ?", [.blob(tokenHash)])
    }
  }

  /// Forgets every session of user `userID` here, leaving no copy of its row in the files.
  package func forget(userID: Int64) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query("DELETE FROM signed_in WHERE user_id = ?", [.integer(userID)])
    }
    try scrubLog()
  }

  private static func signedInSession(from row: [SQLiteValue]) -> SignedInSession? {
    guard let userID = row[0].integer, let username = row[1].text, let hash = row[2].blob,
      let at = row[3].integer
    else { return nil }
    return SignedInSession(
      userID: userID, username: username, tokenHash: hash, signedInAt: at,
      isCurrent: row[4].integer == 1)
  }
}
