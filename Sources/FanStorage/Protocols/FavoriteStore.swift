import FanCore
import FanProtocol

/// Favourite quotes per user and their counts across all users, kept per universe: a quote is
/// its universe and its id (two universes' quote 8 are two quotes).
package protocol FavoriteStore: Sendable {
  /// Makes the quote a favourite of the user or not as `favorite` says, or toggles it when
  /// `favorite` is nil, in one transaction; returns the new state and the quote's favourite
  /// count across all users, exact under concurrent changes, which changes only when the state
  /// did (so a repeated request that sets a state counts once).
  ///
  /// With `group`, the write is one of that group's, which share one commit on a store that
  /// shares commits (see `WriteGroup`); the handle of a group that has ended is refused.
  func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?, in group: WriteGroup?)
    async throws(StorageError) -> (isFavorite: Bool, count: Int)
  /// The user's favourite quote ids in `universe`, newest first.
  func favorites(userID: Int64, universe: UniverseID) async throws(StorageError) -> [Int]
  /// The quotes of `universe` with the most favourites across all users: count descending,
  /// ties by quote id.
  func topFavorites(universe: UniverseID, limit: Int) async throws(StorageError) -> [(
    quoteID: Int, count: Int
  )]
}

extension FavoriteStore {
  /// Sets or toggles the favourite in a transaction of its own (no write group).
  package func setFavorite(userID: Int64, quote: FavoriteQuote, favorite: Bool?)
    async throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    try await setFavorite(userID: userID, quote: quote, favorite: favorite, in: nil)
  }
}
