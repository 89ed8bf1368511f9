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

  /// What the catalog made from the bodies holds, as the refresh that saved them made it.
  package struct Summary: Sendable, Equatable {
    /// The size of each list of the catalog, by list name.
    package var counts: [String: Int]
    /// The records the mapping adjusted or left out, as the refresh reported them.
    package var problems: [String]
    /// The version of bbfan whose decoding and mapping made it (another version's may differ).
    package var madeBy: String

    /// Creates a summary.
    package init(counts: [String: Int], problems: [String], madeBy: String) {
      self.counts = counts
      self.problems = problems
      self.madeBy = madeBy
    }
  }

  /// The source's base URL.
  package var source: String
  /// When it was last fetched or confirmed current (milliseconds since 1970).
  package var refreshedAt: Int64
  /// The lists.
  package var resources: [Resource]
  /// What the catalog made from them holds; nil for a snapshot saved before bbfan kept it
  /// (schema 3), or whose bodies were saved again since without it (by a bbfan of schema 3
  /// still running when the database was migrated).
  package var summary: Summary?
  /// The digest of the bodies, saved with them; nil when none was, or when the one saved was
  /// saved with other bodies.
  ///
  /// It is the refresh's (`CurrentCatalog`'s digest, which names the catalog and its image), so
  /// a reader names the catalog without hashing the bodies; `SnapshotReader.catalogDigest` reads
  /// it without them.
  package var digest: String?

  /// Creates a stored catalog.
  package init(
    source: String, refreshedAt: Int64, resources: [Resource], summary: Summary? = nil,
    digest: String? = nil
  ) {
    self.source = source
    self.refreshedAt = refreshedAt
    self.resources = resources
    self.summary = summary
    self.digest = digest
  }
}
