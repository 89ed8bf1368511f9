import FanCore

/// A quote on the wire.
package struct QuoteRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  package var id: Int
  /// The words.
  package var text: String
  /// The author as the source wrote it.
  package var author: String
  /// The character the author resolves to, or null.
  @EncodedAsNull package var characterId: Int?
  /// `breaking-bad` or `better-call-saul`.
  package var series: Series
  /// Whether the signed-in user has it among their favourites (left out when nobody is signed in).
  package var isFavorite: Bool?
  /// How many users have it among their favourites (where a method says so).
  package var favoriteCount: Int?

  /// The record of `quote`; `favorites` are the signed-in user's favourite ids, if any.
  package init(_ quote: Quote, favorites: Set<Int>? = nil, favoriteCount: Int? = nil) {
    id = quote.id
    text = quote.text
    author = quote.author
    characterId = quote.characterID
    series = quote.series
    isFavorite = favorites.map { $0.contains(quote.id) }
    self.favoriteCount = favoriteCount
  }
}
