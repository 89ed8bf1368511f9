/// Reads the catalog snapshots a data directory keeps without opening its store for writing or
/// creating anything: the catalogs served at start, and the refreshes another process saves
/// while this one runs.
package protocol SnapshotReader: Sendable {
  /// Every snapshot's source key with the time of its refresh (milliseconds since 1970); empty
  /// when the data directory has no store yet.
  func savedSources() throws(StorageError) -> [String: Int64]

  /// The snapshot saved for `source`, or nil when there is none.
  func catalog(source: String) throws(StorageError) -> StoredCatalog?

  /// Whether something may have been saved since the last call (by this process or another);
  /// cheap enough to ask before every request. True the first time, and whenever the engine
  /// cannot tell.
  func mayHaveChanged() -> Bool
}
