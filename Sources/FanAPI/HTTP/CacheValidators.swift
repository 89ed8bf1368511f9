/// What a server said to identify a body, for a conditional request next time.
package struct CacheValidators: Sendable, Equatable, Codable {
  /// The `ETag` header, as sent (quotes included).
  package var etag: String?
  /// The `Last-Modified` header, as sent.
  package var lastModified: String?

  /// Creates validators.
  package init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }

  /// Whether there is anything to send.
  package var isEmpty: Bool { etag == nil && lastModified == nil }
}
