extension SQLiteStore: FavoriteStore {
  /// Adds the quote to the user's favourites, or removes it; returns the new state and the
  /// quote's favourite count across all users.
  package func toggleFavorite(userID: Int64, quoteID: Int) throws(StorageError) -> (
    isFavorite: Bool, count: Int
  ) {
    let now = clock()
    return try transaction { () throws(StorageError) in
      try connection.query(
        "DELETE FROM favorites WHERE user_id = ? AND quote_id = ?",
        [.integer(userID), .integer(Int64(quoteID))])
      let removed = connection.changes > 0
      if removed {
        try connection.query(
          "UPDATE favorite_counts SET count = count - 1 WHERE quote_id = ?",
          [.integer(Int64(quoteID))])
      } else {
        try connection.query(
          "INSERT INTO favorites (user_id, quote_id, created_at) VALUES (?, ?, ?)",
          [.integer(userID), .integer(Int64(quoteID)), .integer(now)])
        try connection.query(
          """
          INSERT INTO favorite_counts (quote_id, count) VALUES (?, 1)
          ON CONFLICT (quote_id) DO UPDATE SET count = count + 1
          """, [.integer(Int64(quoteID))])
      }
      return (!removed, try countLocked(quoteID))
    }
  }

  /// Makes the quote a favourite of the user or not; the count changes only when the state
  /// does.
  package func setFavorite(userID: Int64, quoteID: Int, favorite: Bool) throws(StorageError)
    -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    return try transaction { () throws(StorageError) in
      if favorite {
        try connection.query(
          """
          INSERT INTO favorites (user_id, quote_id, created_at) VALUES (?, ?, ?)
          ON CONFLICT (user_id, quote_id) DO NOTHING
          """, [.integer(userID), .integer(Int64(quoteID)), .integer(now)])
        if connection.changes > 0 {
          try connection.query(
            """
            INSERT INTO favorite_counts (quote_id, count) VALUES (?, 1)
            ON CONFLICT (quote_id) DO UPDATE SET count = count + 1
            """, [.integer(Int64(quoteID))])
        }
      } else {
        try connection.query(
          "DELETE FROM favorites WHERE user_id = ? AND quote_id = ?",
          [.integer(userID), .integer(Int64(quoteID))])
        if connection.changes > 0 {
          try connection.query(
            "UPDATE favorite_counts SET count = count - 1 WHERE quote_id = ?",
            [.integer(Int64(quoteID))])
        }
      }
      return (favorite, try countLocked(quoteID))
    }
  }

  /// The user's favourite quote ids, newest first.
  package func favorites(userID: Int64) throws(StorageError) -> [Int] {
    try connection.query(
      "SELECT quote_id FROM favorites WHERE user_id = ? ORDER BY id DESC", [.integer(userID)]
    )
    .compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes with the most favourites across all users: count descending, ties by quote id.
  package func topFavorites(limit: Int) throws(StorageError) -> [(quoteID: Int, count: Int)] {
    try connection.query(
      "SELECT quote_id, count FROM favorite_counts WHERE count > 0 ORDER BY count DESC, quote_id LIMIT ?",
      [.integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }

  private func countLocked(_ quoteID: Int) throws(StorageError) -> Int {
    Int(
      try connection.query(
        "SELECT count FROM favorite_counts WHERE quote_id = ?", [.integer(Int64(quoteID))]
      )
      .first?.first?.integer ?? 0)
  }
}
