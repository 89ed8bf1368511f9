import FoundationEssentials

/// A body a server sent with status 2xx, and what identifies it.
package struct HTTPBody: Sendable, Equatable {
  /// The URL it came from.
  package var url: String
  /// The bytes.
  package var bytes: Data
  /// The `Content-Type` header, if any.
  package var contentType: String?
  /// The `ETag` and `Last-Modified` headers, for a conditional request next time.
  package var validators: CacheValidators

  /// Creates a body.
  package init(url: String, bytes: Data, contentType: String?, validators: CacheValidators) {
    self.url = url
    self.bytes = bytes
    self.contentType = contentType
    self.validators = validators
  }
}
