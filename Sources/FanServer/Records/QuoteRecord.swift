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

  /// The record of `quote`.
  package init(_ quote: Quote) {
    id = quote.id
    text = quote.text
    author = quote.author
    characterId = quote.characterID
    series = quote.series
  }
}
