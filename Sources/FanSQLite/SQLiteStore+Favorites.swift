import FanCore
import FanProtocol
import FanStorage

extension SQLiteStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil; the count changes only when
  /// the state does.
  package func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?)
    throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    let key: [SQLiteValue] = [.text(quote.universe.rawValue), .integer(Int64(quote.id))]
    return try transaction { () throws(StorageError) in
      // Unsetting and toggling delete first: the DELETE says whether the favourite was there,
      // and a toggle that removed nothing adds it.
      var removed = false
      if favorite != true {
        try connection.query(
          "DELETE FROM favorites WHERE user_id = ? AND universe = ? AND quote_id = ?",
          [.integer(userID)] + key)
        removed = connection.changes > 0
        if removed {
          try connection.query(
            "UPDATE favorite_counts SET count = count - 1 WHERE universe = ? AND quote_id = ?",
            key)
        }
      }
      let wanted = favorite ?? !removed
      if wanted {
        try connection.query(
          """
          INSERT INTO favorites (user_id, universe, quote_id, created_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id, universe, quote_id) DO NOTHING
          """, [.integer(userID)] + key + [.integer(now)])
        if connection.changes > 0 {
          try connection.query(
            """
            INSERT INTO favorite_counts (universe, quote_id, count) VALUES (?, ?, 1)
            ON CONFLICT (universe, quote_id) DO UPDATE SET count = count + 1
            """, key)
        }
      }
      let count = try connection.query(
        "SELECT count FROM favorite_counts WHERE universe = ? AND quote_id = ?", key
      ).first?.first?.integer
      return (wanted, Int(count ?? 0))
    }
  }

  /// The user's favourite quote ids in `universe`, newest first.
  package func favorites(userID: Int64, universe: UniverseID) throws(StorageError) -> [Int] {
    try connection.query(
      "SELECT quote_id FROM favorites WHERE user_id = ? AND universe = ? ORDER BY id DESC",
      [.integer(userID), .text(universe.rawValue)]
    )
    .compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes of `universe` with the most favourites across all users: count descending, ties
  /// by quote id.
  package func topFavorites(universe: UniverseID, limit: Int) throws(StorageError) -> [(
    quoteID: Int, count: Int
  )] {
    try connection.query(
      """
      SELECT quote_id, count FROM favorite_counts WHERE universe = ? AND count > 0
      ORDER BY count DESC, quote_id LIMIT ?
      """,
      [.text(universe.rawValue), .integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }
}
