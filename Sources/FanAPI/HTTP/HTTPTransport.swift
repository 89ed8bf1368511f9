/// Something that performs one HTTP exchange: libcurl in process (`FanCurl`'s `CurlTransport`,
/// the one that a one-shot call and a running service both use), or a test's stand-in.
package protocol HTTPTransport: Sendable {
  /// Performs `exchange` and returns the answer, whatever its HTTP status.
  ///
  /// Throws `UpstreamError` for a transport failure or an oversized body, and
  /// `CancellationError` when the calling task is cancelled.
  func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer
}
