extension QuoteDTO: DirectlyDecodable {
  /// A quote of the plain shape, read without `JSONDecoder` (see `DirectListDecoder`).
  package init?(reading reader: inout DirectListDecoder) {
    var quoteID: Int?
    var quote: String?
    var author: String?
    var series: String?
    guard reader.beginObject() else { return nil }
    while let key = reader.nextKey() {
      switch key {
      case "quote_id" where quoteID == nil: quoteID = reader.integer()
      case "quote" where quote == nil: quote = reader.string()
      case "author" where author == nil: author = reader.string()
      case "series" where series == nil: series = reader.string()
      case "quote_id", "quote", "author", "series": return nil
      default: reader.skipValue()
      }
      guard !reader.failed else { return nil }
    }
    guard !reader.failed, let quoteID, let quote, let author, let series else { return nil }
    self.init(quoteID: quoteID, quote: quote, author: author, series: series)
  }
}
