/// Something that performs one HTTP exchange: libcurl in-process (`FanCurl`), or the
/// `bbfan-fetch` helper process that the service uses (so that the service itself never loads
/// libcurl; see the README).
package protocol HTTPTransport: Sendable {
  /// Performs `exchange` and returns the answer, whatever its HTTP status.
  ///
  /// Throws `UpstreamError` for a transport failure or an oversized body, and
  /// `CancellationError` when the calling task is cancelled.
  func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer
}
