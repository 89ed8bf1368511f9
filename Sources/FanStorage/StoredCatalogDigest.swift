/// What names a saved snapshot's catalog without reading its bodies: when it was refreshed, and
/// the digest of its bodies that the refresh saved with them.
package struct StoredCatalogDigest: Sendable, Equatable {
  /// When the snapshot was last fetched or confirmed current (milliseconds since 1970).
  package var refreshedAt: Int64
  /// The digest of its bodies (`StoredCatalog.digest`).
  package var digest: String

  /// Creates one.
  package init(refreshedAt: Int64, digest: String) {
    self.refreshedAt = refreshedAt
    self.digest = digest
  }
}
