/// One GET as a transport performs it: everything but the retries, which `HTTPClient` does.
package struct HTTPExchange: Sendable, Equatable, Codable {
  /// The absolute URL.
  package var url: String
  /// The request headers.
  package var headers: [String: String]
  /// The largest body accepted; a larger one fails with `tooLarge`.
  package var maxBytes: Int
  /// Seconds before the request fails with `timedOut`.
  package var timeoutSeconds: Double
  /// Seconds before a connection that is not made fails the request as `unreachable` (nil:
  /// `timeoutSeconds`); never more than `timeoutSeconds`.
  package var connectTimeoutSeconds: Double?
  /// Whether a redirect is followed (nil: it is); when not, the 3xx answer is returned as it is.
  package var followsRedirects: Bool?

  /// Creates an exchange.
  package init(
    url: String, headers: [String: String], maxBytes: Int, timeoutSeconds: Double,
    followsRedirects: Bool? = nil, connectTimeoutSeconds: Double? = nil
  ) {
    self.url = url
    self.headers = headers
    self.maxBytes = maxBytes
    self.timeoutSeconds = timeoutSeconds
    self.followsRedirects = followsRedirects
    self.connectTimeoutSeconds = connectTimeoutSeconds
  }
}
