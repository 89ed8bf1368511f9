import FanAPI

/// The HTTP of a service composed without any: every exchange fails, saying so.
///
/// `bbfan` composes the service with libcurl (`FanCurl`'s `CurlTransport`); a test composes it
/// with a stand-in, or with this when it must not reach any host.
package struct NoHTTPTransport: HTTPTransport {
  /// A transport that refuses every exchange.
  package init() {}

  /// Fails at once with `network`, naming the URL.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    throw UpstreamError(
      url: exchange.url,
      failure: .network("this service was composed without HTTP, so it fetches nothing"))
  }
}
