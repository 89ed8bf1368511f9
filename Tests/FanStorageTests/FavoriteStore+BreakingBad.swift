import FanCore
import FanPostgres
import FanSQLite
import FanStorage

/// The favourite calls of the tests written before quotes had universes: each acts on Breaking
/// Bad's quotes, as every favourite then did.
extension FavoriteStore {
  func toggleFavorite(userID: Int64, quoteID: Int) async throws(StorageError) -> (
    isFavorite: Bool, count: Int
  ) {
    try await setFavorite(
      userID: userID, quote: FavoriteQuote(universe: .breakingBad, id: quoteID), favorite: nil)
  }

  func setFavorite(userID: Int64, quoteID: Int, favorite: Bool) async throws(StorageError) -> (
    isFavorite: Bool, count: Int
  ) {
    try await setFavorite(
      userID: userID, quote: FavoriteQuote(universe: .breakingBad, id: quoteID),
      favorite: favorite)
  }

  func favorites(userID: Int64) async throws(StorageError) -> [Int] {
    try await favorites(userID: userID, universe: .breakingBad)
  }

  func topFavorites(limit: Int) async throws(StorageError) -> [(quoteID: Int, count: Int)] {
    try await topFavorites(universe: .breakingBad, limit: limit)
  }
}
