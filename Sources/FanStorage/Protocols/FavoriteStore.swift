/// Favourite quotes per user and their counts across all users.
package protocol FavoriteStore: Sendable {
  /// Adds the quote to the user's favourites, or removes it, in one transaction; returns the new
  /// state and the quote's favourite count across all users, exact under concurrent toggles.
  func toggleFavorite(userID: Int64, quoteID: Int) async throws(StorageError) -> (
    isFavorite: Bool, count: Int
  )
  /// Makes the quote a favourite of the user or not, as `favorite` says, in one transaction;
  /// returns the state and the quote's count across all users, which changes only when the
  /// state did (so a repeated request counts once).
  func setFavorite(userID: Int64, quoteID: Int, favorite: Bool) async throws(StorageError) -> (
    isFavorite: Bool, count: Int
  )
  /// The user's favourite quote ids, newest first.
  func favorites(userID: Int64) async throws(StorageError) -> [Int]
  /// The quotes with the most favourites across all users: count descending, ties by quote id.
  func topFavorites(limit: Int) async throws(StorageError) -> [(quoteID: Int, count: Int)]
}
