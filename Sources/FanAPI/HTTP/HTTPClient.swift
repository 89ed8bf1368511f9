import FoundationEssentials

/// GET requests with the limits of `HTTPLimits`: a timeout, a body cap, and bounded retries
/// that honour `Retry-After` on 429 and 503.
package struct HTTPClient: Sendable {
  /// The limits every request runs under.
  package let limits: HTTPLimits
  /// The `User-Agent` header, such as `bbfan/0.2.0`.
  package let userAgent: String
  /// What performs each exchange.
  package let transport: any HTTPTransport
  /// The time now, in milliseconds since 1970.
  package let clock: @Sendable () -> Int64

  /// A client over `transport` with `limits` that names itself `userAgent`; `clock` (milliseconds
  /// since 1970, the system's unless the composer injects one) dates a `Retry-After` given as
  /// an HTTP date.
  package init(
    transport: any HTTPTransport, limits: HTTPLimits = HTTPLimits(), userAgent: String = "bbfan",
    clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
  ) {
    self.transport = transport
    self.limits = limits
    self.userAgent = userAgent
    self.clock = clock
  }

  /// GETs `url`, asking for `accept`.
  ///
  /// With `validators`, the request is conditional and may come back `.notModified`.
  /// `maxBytes` lowers the body cap for this request. Without `followRedirects`, a redirect
  /// fails with `redirected` instead of being followed. `onRetry` hears each wait before a
  /// retry. Throws `UpstreamError` (naming the URL) or `CancellationError`.
  package func get(
    _ url: URL, accept: String, validators: CacheValidators? = nil, maxBytes: Int? = nil,
    followRedirects: Bool = true,
    onRetry: @Sendable (_ seconds: Double, _ attempt: Int) -> Void = { _, _ in }
  ) async throws -> HTTPOutcome {
    var headers = ["Accept": accept, "User-Agent": userAgent]
    if let etag = validators?.etag { headers["If-None-Match"] = etag }
    if let date = validators?.lastModified { headers["If-Modified-Since"] = date }
    let cap = min(maxBytes ?? limits.maxBodyBytes, limits.maxBodyBytes)
    var backoff = limits.initialBackoffSeconds
    var attempt = 1
    while true {
      try Task.checkCancellation()
      let answer = try await transport.perform(
        HTTPExchange(
          url: url.absoluteString, headers: headers, maxBytes: cap,
          timeoutSeconds: limits.timeoutSeconds, followsRedirects: followRedirects ? nil : false,
          connectTimeoutSeconds: limits.connectTimeoutSeconds))
      let found = CacheValidators(
        etag: answer.header("ETag"), lastModified: answer.header("Last-Modified"))
      switch answer.status {
      case 200..<300:
        return .fetched(
          HTTPBody(
            url: url.absoluteString, bytes: answer.body, contentType: answer.header("Content-Type"),
            validators: found, maxAge: answer.header("Cache-Control").flatMap(Self.maxAge)))
      case 304 where validators != nil:
        return .notModified(found)
      case 429, 503:
        let now = clock() / 1000
        let retryAfter = answer.header("Retry-After").flatMap { RetryAfter.seconds($0, now: now) }
        let wait = retryAfter.map(Double.init) ?? backoff
        guard attempt < limits.maxAttempts, wait <= limits.maxRetryWaitSeconds else {
          throw UpstreamError(
            url: url.absoluteString,
            failure: .rateLimited(status: answer.status, retryAfter: retryAfter, attempts: attempt))
        }
        onRetry(wait, attempt)
        try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        backoff *= 2
        attempt += 1
      case 300..<400 where !followRedirects && answer.header("Location") != nil:
        throw UpstreamError(
          url: url.absoluteString, failure: .redirected(location: answer.header("Location") ?? ""))
      default:
        throw UpstreamError(url: url.absoluteString, failure: .httpStatus(answer.status))
      }
    }
  }

  /// The freshness lifetime a `Cache-Control` header gives, in seconds: its `max-age`, or 0 for
  /// `no-cache` or `no-store`; nil when it gives none.
  package static func maxAge(_ cacheControl: String) -> Int? {
    var found: Int?
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1).map {
        String($0).trimmingWhitespace().lowercased()
      }
      switch parts.first {
      case "no-cache", "no-store": return 0
      case "max-age" where parts.count == 2:
        found = Int(parts[1].filter { $0 != "\"" }).map { max($0, 0) }
      default: continue
      }
    }
    return found
  }
}
