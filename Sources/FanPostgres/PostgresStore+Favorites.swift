import FanCore
import FanProtocol
import FanStorage

extension PostgresStore: FavoriteStore {
  /// Sets the favourite as `favorite` says, or toggles it when nil (`FavoriteToggle`), in one
  /// transaction under the user's row lock, run again after a deadlock or serialization failure.
  ///
  /// PostgreSQL does not share commits: a write of a `group` commits on its own like any other
  /// (the group's handle is only checked to be still open).
  package func setFavorite(
    userID: Int64, quote: FavoriteQuote, favorite: Bool?, in group: WriteGroup?
  ) throws(StorageError) -> (isFavorite: Bool, count: Int) {
    try group?.checkOpen()
    let now = clock()
    return try write { () throws(PostgresFailure) -> (isFavorite: Bool, count: Int) in
      try FavoriteToggle.run(
        PostgresWriter(connection: connection), userID: userID, quote: quote, favorite: favorite,
        now: now)
    }
  }

  /// The user's favourite quote ids in `universe`, newest first (`FavoriteRecords`).
  package func favorites(userID: Int64, universe: UniverseID) throws(StorageError) -> [Int] {
    try read { writer throws(PostgresFailure) in
      try FavoriteRecords.favorites(writer, userID: userID, universe: universe)
    }
  }

  /// The quotes of `universe` with the most favourites across all users: count descending, ties
  /// by quote id.
  package func topFavorites(universe: UniverseID, limit: Int) throws(StorageError) -> [(
    quoteID: Int, count: Int
  )] {
    try read { writer throws(PostgresFailure) in
      try FavoriteRecords.top(writer, universe: universe, limit: limit)
    }
  }
}
