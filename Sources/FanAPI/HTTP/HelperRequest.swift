/// A line `bbfan` writes to `bbfan-fetch`: perform an exchange, or cancel one in progress.
///
/// The helper serves one `bbfan` process: it reads these lines on stdin, performs the exchanges
/// concurrently, and for each writes a `HelperReplyHeader` line carrying the same `id`, followed
/// by the body. It exits when its stdin closes.
package struct HelperRequest: Sendable, Equatable, Codable {
  /// The request's number, unique within one helper's life.
  package var id: Int
  /// The exchange to perform; nil for a cancellation.
  package var exchange: HTTPExchange?
  /// Whether to cancel the exchange numbered `id`.
  package var cancel: Bool?

  /// Perform `exchange` as request `id`.
  package init(id: Int, exchange: HTTPExchange) {
    self.id = id
    self.exchange = exchange
  }
}
