import FanCore
import FanProtocol
import FanStorage

extension SQLiteStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil (`FavoriteToggle`), in one
  /// `BEGIN IMMEDIATE` transaction.
  package func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?)
    throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    return try transaction { () throws(StorageError) in
      try FavoriteToggle.run(
        SQLiteWriter(connection: connection), userID: userID, quote: quote, favorite: favorite,
        now: now)
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
