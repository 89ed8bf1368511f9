/// Reads the catalog snapshots a data directory keeps without opening its store for writing or
/// creating anything: the catalogs served at start, and the refreshes another process saves
/// while this one runs.
package protocol SnapshotReader: Sendable {
  /// Every snapshot's source key with the time of its refresh (milliseconds since 1970); empty
  /// when the data directory has no store yet.
  func savedSources() throws(StorageError) -> [String: Int64]

  /// The snapshot saved for `source`, or nil when there is none.
  func catalog(source: String) throws(StorageError) -> StoredCatalog?

  /// The refresh time and digest saved with `source`'s snapshot, read without its bodies; nil
  /// when there is no snapshot, or no digest saved with its current bodies (the caller then
  /// reads the snapshot).
  func catalogDigest(source: String) throws(StorageError) -> StoredCatalogDigest?

  /// Whether something may have been saved since the last call (by this process or another);
  /// cheap enough to ask before every request. True the first time, and whenever the engine
  /// cannot tell.
  func mayHaveChanged() -> Bool

  /// Makes the next `mayHaveChanged()` true: a read of the snapshots that failed (another
  /// process was writing) is made again, and what it would have found is not lost.
  func lookAgain()

  /// Whether `lookAgain()` was asked and `mayHaveChanged()` has not said so since.
  var looksAgain: Bool { get }
}

extension SnapshotReader {
  /// None, for a reader whose store keeps no digest: the caller reads the snapshot.
  package func catalogDigest(source: String) throws(StorageError) -> StoredCatalogDigest? {
    nil
  }

  /// Nothing to remember for a reader that always says something may have changed.
  package func lookAgain() {}

  /// Never, for such a reader.
  package var looksAgain: Bool { false }
}
