/// How long and how much the HTTP client may take from a server.
package struct HTTPLimits: Sendable, Equatable {
  /// Seconds before a request that gets no answer fails.
  package var timeoutSeconds: Double
  /// Seconds before a request whose host cannot be connected to fails (`--connect-timeout`),
  /// within `timeoutSeconds`: a host that is down or out of reach fails in this time, not the
  /// whole timeout.
  package var connectTimeoutSeconds: Double = 3
  /// The largest body accepted, in bytes.
  package var maxBodyBytes: Int
  /// Attempts per request, counting the first, when the server answers 429 or 503.
  package var maxAttempts: Int
  /// The longest `Retry-After` honoured, in seconds; a longer one fails the request at once.
  package var maxRetryWaitSeconds: Double
  /// The most pages followed in one list of an API that pages its lists.
  package var maxPages: Int = 500
  /// The most bytes all the bodies of one refresh may add up to.
  package var maxRefreshBytes: Int = 256 << 20
  /// The most requests of one refresh in flight at once (`--http-concurrency N`): the pages of
  /// a paged list are fetched side by side once its first page says how many there are.
  package var concurrency: Int = 6
  /// The wait before the first retry when the server gives no `Retry-After`; it doubles each
  /// time.
  package var initialBackoffSeconds: Double

  /// Creates limits; the defaults suit the catalog (three lists of about 40 KB).
  package init(
    timeoutSeconds: Double = 30, maxBodyBytes: Int = 16 << 20, maxAttempts: Int = 3,
    maxRetryWaitSeconds: Double = 10, initialBackoffSeconds: Double = 0.5
  ) {
    self.timeoutSeconds = timeoutSeconds
    self.maxBodyBytes = maxBodyBytes
    self.maxAttempts = maxAttempts
    self.maxRetryWaitSeconds = maxRetryWaitSeconds
    self.initialBackoffSeconds = initialBackoffSeconds
  }
}
