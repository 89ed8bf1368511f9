/// An image in the on-disk cache, as the index records it.
package struct StoredImage: Sendable, Equatable {
  /// The hash of the URL that names the entry (hex SHA-256).
  package var key: String
  /// The URL it was fetched from.
  package var url: String
  /// The file's name in the image folder.
  package var file: String
  /// The MIME type the server declared.
  package var mimeType: String
  /// The file's size in bytes.
  package var bytes: Int
  /// The `ETag` header, if any.
  package var etag: String?
  /// The `Last-Modified` header, if any.
  package var lastModified: String?
  /// When it was downloaded or last confirmed current (milliseconds since 1970).
  package var fetchedAt: Int64
  /// When it was last asked for (milliseconds since 1970); eviction removes the oldest first.
  package var lastUsedAt: Int64
  /// How long it stays fresh after `fetchedAt`, in seconds, as its server said
  /// (`Cache-Control: max-age`; 0 for `no-cache`); nil when it did not say.
  package var maxAge: Int?

  /// Creates an index entry.
  package init(
    key: String, url: String, file: String, mimeType: String, bytes: Int, etag: String?,
    lastModified: String?, fetchedAt: Int64, lastUsedAt: Int64, maxAge: Int? = nil
  ) {
    self.key = key
    self.url = url
    self.file = file
    self.mimeType = mimeType
    self.bytes = bytes
    self.etag = etag
    self.lastModified = lastModified
    self.fetchedAt = fetchedAt
    self.lastUsedAt = lastUsedAt
    self.maxAge = maxAge
  }
}
