import FanAPI

/// HTTP over Foundation's URLSession, in this process (`FoundationNetworking`, libcurl, on Linux).
///
/// `bbfan-fetch` and the tests use it directly; the service reaches it through that helper.
package struct URLSessionTransport: HTTPTransport {
  /// Creates the transport.
  package init() {}

  /// Performs `exchange` with a URLSession of its own, the body capped as it streams in.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    try await HTTPTransfer.perform(exchange)
  }
}
