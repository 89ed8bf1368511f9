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
  package var characterId: Int?
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

  enum CodingKeys: String, CodingKey {
    case id, text, author, characterId, series
  }

  /// Encodes every field, an unresolved author's `characterId` as null.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(text, forKey: .text)
    try container.encode(author, forKey: .author)
    try container.encode(characterId, forKey: .characterId)
    try container.encode(series, forKey: .series)
  }
}
