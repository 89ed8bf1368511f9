import FanProtocol

/// The one algorithm that sets, unsets or toggles a user's favourite quote, over either engine.
///
/// In one write transaction: where the engine locks rows, the user's row first, so that one
/// user's changes run one after another; unsetting and toggling delete first (the DELETE says
/// whether the favourite was there, and locks the row it finds), and a toggle that removed
/// nothing adds it. The count changes by one in a single statement that returns it, and only
/// when the state does, so concurrent changes of one quote by many users stay exact.
package enum FavoriteToggle {
  /// Sets the favourite as `favorite` says, or toggles it when nil; returns the new state and
  /// the quote's count.
  package static func run<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, quote: FavoriteQuote, favorite: Bool?, now: Int64
  ) throws(Writer.Failure) -> (isFavorite: Bool, count: Int) {
    let dialect = writer.dialect
    let user = SQLParameter.integer(userID)
    let key: [SQLParameter] = [.text(quote.universe.rawValue), .integer(Int64(quote.id))]
    if dialect.locksRows {
      _ = try writer.integers(dialect.text("SELECT 1 FROM users WHERE id = ? FOR UPDATE"), [user])
    }
    var count: Int64?
    var removed = false
    if favorite != true {
      removed = try !writer.integers(
        dialect.text(
          "DELETE FROM favorites WHERE user_id = ? AND universe = ? AND quote_id = ? RETURNING id"),
        [user] + key
      ).isEmpty
      if removed {
        count =
          try writer.integers(
            dialect.text(
              """
              UPDATE favorite_counts SET count = count - 1 WHERE universe = ? AND quote_id = ?
              RETURNING count
              """), key
          ).first?.first ?? nil
      }
    }
    let wanted = favorite ?? !removed
    if wanted {
      let added = try writer.integers(
        dialect.text(
          """
          INSERT INTO favorites (user_id, universe, quote_id, created_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id, universe, quote_id) DO NOTHING RETURNING id
          """), [user] + key + [.integer(now)])
      if !added.isEmpty {
        count =
          try writer.integers(
            dialect.text(
              """
              INSERT INTO favorite_counts (universe, quote_id, count) VALUES (?, ?, 1)
              ON CONFLICT (universe, quote_id) DO UPDATE SET count = favorite_counts.count + 1
              RETURNING count
              """), key
          ).first?.first ?? nil
      }
    }
    if dialect.announcesChanges, removed || count != nil {
      // Heard by every listener once this transaction commits (and never if it rolls back).
      _ = try writer.integers(
        dialect.text("SELECT 1 FROM pg_notify(?, ?)"),
        [.text(SQLDialect.changeChannel), .text(quote.universe.rawValue)])
    }
    if count == nil {
      count =
        try writer.integers(
          dialect.text("SELECT count FROM favorite_counts WHERE universe = ? AND quote_id = ?"),
          key
        ).first?.first ?? nil
    }
    return (wanted, Int(count ?? 0))
  }
}
