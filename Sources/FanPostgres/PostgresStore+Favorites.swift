import FanCore
import FanProtocol
import FanStorage

extension PostgresStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil (`FavoriteToggle`), in one
  /// transaction under the user's row lock, run again after a deadlock or serialization failure.
  package func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?)
    throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    let now = clock()
    return try write { () throws(PostgresFailure) -> (isFavorite: Bool, count: Int) in
      try FavoriteToggle.run(
        PostgresWriter(connection: connection), userID: userID, quote: quote, favorite: favorite,
        now: now)
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
