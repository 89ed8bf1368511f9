import FanCore

/// The one algorithm that counts failed logins per username key, over either engine.
///
/// The table stays bounded: when a failure is recorded, counts whose last failure is older than
/// the retention are deleted, then the oldest beyond the limit of usernames (and any key longer
/// than a username can be, left by an older bbfan). Callers pass only valid usernames' keys.
package enum LoginFailureRecords {
  /// Counts one more consecutive failure of `usernameKey` at `now`, in the write transaction
  /// `writer` runs in, forgetting counts older than `retention` milliseconds and keeping at most
  /// `limit` usernames (the oldest go first); returns the count.
  package static func record<Writer: SQLWriter>(
    _ writer: Writer, usernameKey: String, now: Int64, retention: Int64, limit: Int
  ) throws(Writer.Failure) -> Int {
    let key = SQLParameter.text(usernameKey)
    _ = try writer.query(
      "DELETE FROM login_failures WHERE last_failure_at < ? OR length(username_key) > ?",
      [.integer(now - retention), .integer(Int64(UsernamePolicy.maximumLength))])
    let failures =
      try writer.query(
        """
        INSERT INTO login_failures (username_key, failures, last_failure_at) VALUES (?, 1, ?)
        ON CONFLICT (username_key) DO UPDATE SET failures = login_failures.failures + 1,
          last_failure_at = excluded.last_failure_at
        RETURNING failures
        """, [key, .integer(now)]
      ).first?.first?.integer ?? 1
    let count = try writer.query("SELECT COUNT(*) FROM login_failures").first?.first?.integer
    if let count, count > limit {
      _ = try writer.query(
        """
        DELETE FROM login_failures WHERE username_key IN (
          SELECT username_key FROM login_failures WHERE username_key <> ?
          ORDER BY last_failure_at, username_key LIMIT ?)
        """, [key, .integer(count - Int64(limit))])
    }
    return Int(failures)
  }

  /// The consecutive failures of `usernameKey` and the time of the last one, if any.
  package static func failures<Writer: SQLWriter>(_ writer: Writer, usernameKey: String)
    throws(Writer.Failure) -> (failures: Int, lastAt: Int64)?
  {
    guard
      let row = try writer.query(
        "SELECT failures, last_failure_at FROM login_failures WHERE username_key = ?",
        [.text(usernameKey)]
      ).first, let failures = row[0].integer, let last = row[1].integer
    else { return nil }
    return (Int(failures), last)
  }

  /// Forgets the failures of `usernameKey` (after a successful login), in the write transaction
  /// `writer` runs in.
  package static func clear<Writer: SQLWriter>(_ writer: Writer, usernameKey: String)
    throws(Writer.Failure)
  {
    _ = try writer.query("DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
  }
}
