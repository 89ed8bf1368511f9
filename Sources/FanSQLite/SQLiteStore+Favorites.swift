import FanCore
import FanProtocol
import FanStorage

extension SQLiteStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil (`FavoriteToggle`), in one
  /// `BEGIN IMMEDIATE` transaction, or as one savepoint of `group`'s shared transaction.
  package func setFavorite(
    userID: Int64, quote: FavoriteQuote, favorite: Bool?, in group: WriteGroup?
  ) async throws(StorageError) -> (isFavorite: Bool, count: Int) {
    let now = clock()
    return try await write(in: group) { connection throws(StorageError) in
      try FavoriteToggle.run(
        SQLiteWriter(connection: connection), userID: userID, quote: quote, favorite: favorite,
        now: now)
    }
  }

  /// The user's favourite quote ids in `universe`, newest first (`FavoriteRecords`).
  package func favorites(userID: Int64, universe: UniverseID) throws(StorageError) -> [Int] {
    try FavoriteRecords.favorites(
      SQLiteWriter(connection: connection), userID: userID, universe: universe)
  }

  /// The quotes of `universe` with the most favourites across all users: count descending, ties
  /// by quote id.
  package func topFavorites(universe: UniverseID, limit: Int) throws(StorageError) -> [(
    quoteID: Int, count: Int
  )] {
    try FavoriteRecords.top(SQLiteWriter(connection: connection), universe: universe, limit: limit)
  }
}
