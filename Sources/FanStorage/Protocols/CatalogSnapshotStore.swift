/// The last good catalog of each live source, kept so that the next start serves it.
package protocol CatalogSnapshotStore: Sendable {
  /// Replaces the stored catalog of `catalog.source` in one transaction.
  func saveCatalog(_ catalog: StoredCatalog) async throws(StorageError)
  /// The stored catalog of `source`, or nil if it was never refreshed.
  func catalog(source: String) async throws(StorageError) -> StoredCatalog?
  /// The store's clock, in milliseconds since 1970.
  func now() async -> Int64
}
