/// A quote as the Breaking Bad API sends it (`/api/quotes`); coding keys are the API's.
package struct QuoteDTO: Codable, Sendable, Equatable {
  /// `quote_id`.
  package var quoteID: Int
  /// `quote`.
  package var quote: String
  /// `author`: free text ("Jimmy McGill").
  package var author: String
  /// `series`: `Breaking Bad` or `Better Call Saul`.
  package var series: String

  enum CodingKeys: String, CodingKey {
    case quoteID = "quote_id"
    case quote, author, series
  }
}
