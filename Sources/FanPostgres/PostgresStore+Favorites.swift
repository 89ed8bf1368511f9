import FanCore
import FanProtocol
import FanStorage

extension PostgresStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil, in one transaction under the
  /// user's row lock; the count changes by one in a single statement, and only when the state
  /// does, so concurrent changes of one quote by many users stay exact.
  package func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?)
    throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    let key: [PostgresValue] = [.text(quote.universe.rawValue), .integer(Int64(quote.id))]
    return try write { () throws(PostgresFailure) -> (isFavorite: Bool, count: Int) in
      try connection.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [.integer(userID)])
      var count: Int64?
      // Unsetting and toggling delete first: the DELETE says whether the favourite was there
      // (it locks the row it finds, whatever the isolation level), and a toggle that removed
      // nothing adds it.
      var removed = false
      if favorite != true {
        removed = try !connection.query(
          """
          DELETE FROM favorites WHERE user_id = $1 AND universe = $2 AND quote_id = $3
          RETURNING id
          """, [.integer(userID)] + key
        ).isEmpty
        if removed {
          count = try connection.query(
            """
            UPDATE favorite_counts SET count = count - 1 WHERE universe = $1 AND quote_id = $2
            RETURNING count
            """, key
          ).first?.first?.integer
        }
      }
      let wanted = favorite ?? !removed
      if wanted {
        let added = try connection.query(
          """
          INSERT INTO favorites (user_id, universe, quote_id, created_at) VALUES ($1, $2, $3, $4)
          ON CONFLICT (user_id, universe, quote_id) DO NOTHING RETURNING id
          """, [.integer(userID)] + key + [.integer(now)])
        if !added.isEmpty {
          count = try connection.query(
            """
            INSERT INTO favorite_counts (universe, quote_id, count) VALUES ($1, $2, 1)
            ON CONFLICT (universe, quote_id) DO UPDATE SET count = favorite_counts.count + 1
            RETURNING count
            """, key
          ).first?.first?.integer
        }
      }
      if count == nil {
        count = try connection.query(
          "SELECT count FROM favorite_counts WHERE universe = $1 AND quote_id = $2", key
        ).first?.first?.integer
      }
      return (wanted, Int(count ?? 0))
    }
  }

  /// The user's favourite quote ids in `universe`, newest first.
  package func favorites(userID: Int64, universe: UniverseID) throws(StorageError) -> [Int] {
    try read(
      "SELECT quote_id FROM favorites WHERE user_id = $1 AND universe = $2 ORDER BY id DESC",
      [.integer(userID), .text(universe.rawValue)]
    ).compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes of `universe` with the most favourites: count descending, ties by quote id.
  package func topFavorites(universe: UniverseID, limit: Int) throws(StorageError) -> [(
    quoteID: Int, count: Int
  )] {
    try read(
      """
      SELECT quote_id, count FROM favorite_counts WHERE universe = $1 AND count > 0
      ORDER BY count DESC, quote_id LIMIT $2
      """, [.text(universe.rawValue), .integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }
}
