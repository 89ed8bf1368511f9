#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SQLiteStore: CatalogSnapshotStore {
  /// Replaces the stored catalog of `catalog.source` in one transaction.
  ///
  /// A body that was stored already is written over in place rather than deleted and inserted
  /// again: SQLite then writes only the pages whose bytes change, so a refresh whose lists the
  /// server confirmed unchanged (304) writes a few pages, not every body again (which grew the
  /// write-ahead log by some 25 pages a refresh of Breaking Bad).
  package func saveCatalog(_ catalog: StoredCatalog) throws(StorageError) {
    try transaction { () throws(StorageError) in
      let names = Set(catalog.resources.map(\.name))
      let stored = try connection.query(
        "SELECT resource FROM catalog_resources WHERE source = ?", [.text(catalog.source)])
      for row in stored {
        guard let name = row[0].text, !names.contains(name) else { continue }
        try connection.query(
          "DELETE FROM catalog_resources WHERE source = ? AND resource = ?",
          [.text(catalog.source), .text(name)])
      }
      for resource in catalog.resources {
        try connection.query(
          """
          INSERT INTO catalog_resources (source, resource, url, body, etag, last_modified)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (source, resource) DO UPDATE SET
            url = excluded.url, body = excluded.body, etag = excluded.etag,
            last_modified = excluded.last_modified
          """,
          [
            .text(catalog.source), .text(resource.name), .text(resource.url), .blob(resource.body),
            resource.etag.map(SQLiteValue.text) ?? .null,
            resource.lastModified.map(SQLiteValue.text) ?? .null,
          ])
      }
      try connection.query(
        """
        INSERT INTO catalog_refreshes (source, refreshed_at) VALUES (?, ?)
        ON CONFLICT (source) DO UPDATE SET refreshed_at = excluded.refreshed_at
        """, [.text(catalog.source), .integer(catalog.refreshedAt)])
    }
  }

  /// The stored catalog of `source`, or nil if it was never refreshed.
  package func catalog(source: String) throws(StorageError) -> StoredCatalog? {
    try SQLiteStore.readCatalog(connection, source: source)
  }

  /// Reads the stored catalog of `source` without opening a store: nil when the data directory
  /// has no database, or the database predates catalog snapshots, or holds none for `source`.
  ///
  /// For start-up, which is synchronous; it never creates or migrates anything. Without
  /// `checkpointsOnClose` it leaves the write-ahead log as it is when it closes (see `init`).
  package static func readCatalog(
    directory: String, source: String, checkpointsOnClose: Bool = true
  ) throws(StorageError) -> StoredCatalog? {
    let path = directory + "/" + fileName
    guard access(path, F_OK) == 0 else { return nil }
    let connection = try SQLiteConnection(
      path: path, busyTimeoutMilliseconds: defaultBusyTimeoutMilliseconds,
      checkpointsOnClose: checkpointsOnClose)
    guard try checkedVersion(connection) >= 2 else { return nil }
    return try readCatalog(connection, source: source)
  }

  private static func readCatalog(_ connection: SQLiteConnection, source: String)
    throws(StorageError) -> StoredCatalog?
  {
    guard
      let refreshedAt = try connection.query(
        "SELECT refreshed_at FROM catalog_refreshes WHERE source = ?", [.text(source)]
      ).first?.first?.integer
    else { return nil }
    let rows = try connection.query(
      "SELECT resource, url, body, etag, last_modified FROM catalog_resources WHERE source = ?",
      [.text(source)])
    let resources = rows.compactMap { row -> StoredCatalog.Resource? in
      guard let name = row[0].text, let url = row[1].text, let body = row[2].blob else {
        return nil
      }
      return StoredCatalog.Resource(
        name: name, url: url, body: body, etag: row[3].text, lastModified: row[4].text)
    }
    return StoredCatalog(source: source, refreshedAt: refreshedAt, resources: resources)
  }
}
