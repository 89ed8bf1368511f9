extension PostgresStore: FavoriteStore {
  /// Toggles the favourite in one transaction, under the user's row lock; the count changes by
  /// one in a single statement, so concurrent toggles of one quote by many users stay exact.
  package func toggleFavorite(userID: Int64, quoteID: Int) throws(StorageError) -> (
    isFavorite: Bool, count: Int
  ) {
    let now = clock()
    let quote = PostgresValue.integer(Int64(quoteID))
    return try write { () throws(PostgresFailure) -> (isFavorite: Bool, count: Int) in
      try connection.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [.integer(userID)])
      let removed = try connection.query(
        "DELETE FROM favorites WHERE user_id = $1 AND quote_id = $2 RETURNING id",
        [.integer(userID), quote])
      let count: Int64?
      if removed.isEmpty {
        try connection.query(
          "INSERT INTO favorites (user_id, quote_id, created_at) VALUES ($1, $2, $3)",
          [.integer(userID), quote, .integer(now)])
        count = try connection.query(
          """
          INSERT INTO favorite_counts (quote_id, count) VALUES ($1, 1)
          ON CONFLICT (quote_id) DO UPDATE SET count = favorite_counts.count + 1
          RETURNING count
          """, [quote]
        ).first?.first?.integer
      } else {
        count = try connection.query(
          "UPDATE favorite_counts SET count = count - 1 WHERE quote_id = $1 RETURNING count",
          [quote]
        ).first?.first?.integer
      }
      return (removed.isEmpty, Int(count ?? 0))
    }
  }

  /// Sets the favourite in one transaction, under the user's row lock; the count changes by one
  /// only when the state does.
  package func setFavorite(userID: Int64, quoteID: Int, favorite: Bool) throws(StorageError)
    -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    let quote = PostgresValue.integer(Int64(quoteID))
    return try write { () throws(PostgresFailure) -> (isFavorite: Bool, count: Int) in
      try connection.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [.integer(userID)])
      var count: Int64?
      if favorite {
        let added = try connection.query(
          """
          INSERT INTO favorites (user_id, quote_id, created_at) VALUES ($1, $2, $3)
          ON CONFLICT (user_id, quote_id) DO NOTHING RETURNING id
          """, [.integer(userID), quote, .integer(now)])
        if !added.isEmpty {
          count = try connection.query(
            """
            INSERT INTO favorite_counts (quote_id, count) VALUES ($1, 1)
            ON CONFLICT (quote_id) DO UPDATE SET count = favorite_counts.count + 1
            RETURNING count
            """, [quote]
          ).first?.first?.integer
        }
      } else {
        let removed = try connection.query(
          "DELETE FROM favorites WHERE user_id = $1 AND quote_id = $2 RETURNING id",
          [.integer(userID), quote])
        if !removed.isEmpty {
          count = try connection.query(
            "UPDATE favorite_counts SET count = count - 1 WHERE quote_id = $1 RETURNING count",
            [quote]
          ).first?.first?.integer
        }
      }
      if count == nil {
        count = try connection.query(
          "SELECT count FROM favorite_counts WHERE quote_id = $1", [quote]
        ).first?.first?.integer
      }
      return (favorite, Int(count ?? 0))
    }
  }

  /// The user's favourite quote ids, newest first.
  package func favorites(userID: Int64) throws(StorageError) -> [Int] {
    try read(
      "SELECT quote_id FROM favorites WHERE user_id = $1 ORDER BY id DESC", [.integer(userID)]
    ).compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes with the most favourites: count descending, ties by quote id.
  package func topFavorites(limit: Int) throws(StorageError) -> [(quoteID: Int, count: Int)] {
    try read(
      """
      SELECT quote_id, count FROM favorite_counts WHERE count > 0
      ORDER BY count DESC, quote_id LIMIT $1
      """, [.integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }
}
