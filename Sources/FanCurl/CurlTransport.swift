import FanAPI

/// HTTP over libcurl, in this process: each exchange on a thread of its own, with its body
/// capped as it arrives.
///
/// A one-shot `bbfan call`, a running service and the tests all use it: one HTTP path. libcurl is
/// loaded on the first transfer (or `prepare()`), not linked (see `LibCurl`), and transfers run
/// on threads of their own, never on Swift concurrency's cooperative pool, with
/// `CURLOPT_NOSIGNAL` (the process ignores `SIGPIPE` itself).
/// A declared `Content-Length` over the cap is refused before any of the body is read, and a body
/// that turns out longer stops being read within one of libcurl's buffers (16 KiB) of the cap;
/// the timeout covers the whole exchange, connecting included, so a body that stalls is a
/// timeout; connecting (name lookup included) has its own, shorter bound when the exchange gives
/// one, and a connection not made within it is `unreachable`. Cancelling the calling task answers
/// at once and stops the transfer.
package struct CurlTransport: HTTPTransport {
  /// Creates the transport.
  package init() {}

  /// Loads libcurl and does its one-time set-up now, so that the first transfer does not wait
  /// for it.
  ///
  /// A one-shot `bbfan call` calls it on a thread of its own, beside its own start.
  /// Returns false if libcurl cannot be loaded or initialised (every transfer then fails saying
  /// so).
  @discardableResult
  package static func prepare() -> Bool {
    CurlTransfer.prepare()
  }

  /// Performs `exchange` over libcurl and returns the answer, whatever its HTTP status.
  package func perform(_ exchange: HTTPExchange) async throws -> HTTPAnswer {
    try await CurlTransfer.perform(exchange)
  }
}
