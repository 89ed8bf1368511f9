import FanCore
import FanProtocol

extension QuoteRecord {
  /// The record of `quote`; `favorites` are the signed-in user's favourite ids, if any.
  package init(_ quote: Quote, favorites: Set<Int>? = nil, favoriteCount: Int? = nil) {
    self.init(
      id: quote.id, text: quote.text, author: quote.author, characterId: quote.characterID,
      series: quote.series, extraFields: quote.extraFields,
      isFavorite: favorites.map { $0.contains(quote.id) }, favoriteCount: favoriteCount)
  }
}
