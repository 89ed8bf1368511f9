import FanCore
import FanStorage

/// The favourite calls of the tests written before quotes had universes: each acts on Breaking
/// Bad's quotes, as every favourite then did.
extension FavoriteStore {
  /// Toggles Breaking Bad's quote `quoteID` for the user, as a write of `group` when given.
  package func toggleFavorite(userID: Int64, quoteID: Int, in group: WriteGroup? = nil)
    async throws(StorageError) -> (isFavorite: Bool, count: Int)
  {
    try await setFavorite(
      userID: userID, quote: FavoriteQuote(universe: .breakingBad, id: quoteID), favorite: nil,
      in: group)
  }

  /// Makes Breaking Bad's quote `quoteID` a favourite of the user or not.
  package func setFavorite(userID: Int64, quoteID: Int, favorite: Bool) async throws(StorageError)
    -> (isFavorite: Bool, count: Int)
  {
    try await setFavorite(
      userID: userID, quote: FavoriteQuote(universe: .breakingBad, id: quoteID),
      favorite: favorite)
  }

  /// The user's favourite Breaking Bad quotes, newest first.
  package func favorites(userID: Int64) async throws(StorageError) -> [Int] {
    try await favorites(userID: userID, universe: .breakingBad)
  }

  /// Breaking Bad's most favourited quotes.
  package func topFavorites(limit: Int) async throws(StorageError) -> [(quoteID: Int, count: Int)] {
    try await topFavorites(universe: .breakingBad, limit: limit)
  }
}
