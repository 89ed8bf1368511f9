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
  /// How long the server says the body stays fresh, in seconds (`Cache-Control: max-age`; 0
  /// for `no-cache` or `no-store`); nil when it does not say.
  package var maxAge: Int?

  /// Creates a body.
  package init(
    url: String, bytes: Data, contentType: String?, validators: CacheValidators,
    maxAge: Int? = nil
  ) {
    self.url = url
    self.bytes = bytes
    self.contentType = contentType
    self.validators = validators
    self.maxAge = maxAge
  }
}
