/// The last good catalog fetched from a live source, as the store keeps it.
package struct StoredCatalog: Sendable, Equatable {
  /// One list's body and what identifies it.
  package struct Resource: Sendable, Equatable {
    /// `characters`, `episodes` or `quotes`.
    package var name: String
    /// The URL it came from.
    package var url: String
    /// The body as the server sent it.
    package var body: [UInt8]
    /// The `ETag` header, if the server sent one.
    package var etag: String?
    /// The `Last-Modified` header, if the server sent one.
    package var lastModified: String?

    /// Creates a resource.
    package init(name: String, url: String, body: [UInt8], etag: String?, lastModified: String?) {
      self.name = name
      self.url = url
      self.body = body
      self.etag = etag
      self.lastModified = lastModified
    }
  }

  /// The source's base URL.
  package var source: String
  /// When it was last fetched or confirmed current (milliseconds since 1970).
  package var refreshedAt: Int64
  /// The lists.
  package var resources: [Resource]

  /// Creates a stored catalog.
  package init(source: String, refreshedAt: Int64, resources: [Resource]) {
    self.source = source
    self.refreshedAt = refreshedAt
    self.resources = resources
  }
}
