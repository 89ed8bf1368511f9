import FanStorage
import POSIXSupport

extension SQLiteStore: CatalogSnapshotStore {
  /// Replaces the stored catalog of `catalog.source` in one transaction.
  ///
  /// A body that was stored already is written over in place rather than deleted and inserted
  /// again: SQLite then writes only the pages whose bytes change, so a refresh whose lists the
  /// server confirmed unchanged (304) writes a few pages, not every body again (which grew the
  /// write-ahead log by some 25 pages a refresh of Breaking Bad).
  ///
  /// Once committed, the log is copied into the database file and truncated, even by a store
  /// that leaves its log when it closes (a one-shot `bbfan call`): a refresh writes a few
  /// hundred kilobytes of log, and the first connection of every process that opens the
  /// database reads a log it finds there whole (SQLite rebuilds its index of it), so each
  /// one-shot call after a refresh read it again, about a millisecond, until a service closed.
  /// A refresh is rare and the reads after it many; a checkpoint that cannot be made now (a
  /// reader of another process holding an older state) is left to the next write or close.
  package func saveCatalog(_ catalog: StoredCatalog) async throws(StorageError) {
    try await writeCatalog(catalog)
    do {
      _ = try connections.runOutsideTransactions("PRAGMA wal_checkpoint(TRUNCATE)")
    } catch {
      // Only a saving: the refresh is committed, and the log is read as before.
    }
  }

  private func writeCatalog(_ catalog: StoredCatalog) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
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
        INSERT INTO catalog_refreshes
          (source, refreshed_at, counts, counts_made_by, counts_refreshed_at, digest,
           digest_refreshed_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (source) DO UPDATE SET
          refreshed_at = excluded.refreshed_at, counts = excluded.counts,
          counts_made_by = excluded.counts_made_by,
          counts_refreshed_at = excluded.counts_refreshed_at, digest = excluded.digest,
          digest_refreshed_at = excluded.digest_refreshed_at
        """,
        [
          .text(catalog.source), .integer(catalog.refreshedAt),
          catalog.summary.map { .text(Self.countsText($0.counts)) } ?? .null,
          catalog.summary.map { .text($0.madeBy) } ?? .null,
          catalog.summary.map { _ in .integer(catalog.refreshedAt) } ?? .null,
          catalog.digest.map(SQLiteValue.text) ?? .null,
          catalog.digest.map { _ in .integer(catalog.refreshedAt) } ?? .null,
        ])
      try connection.query(
        "DELETE FROM catalog_problems WHERE source = ?", [.text(catalog.source)])
      for (position, problem) in (catalog.summary?.problems ?? []).enumerated() {
        try connection.query(
          "INSERT INTO catalog_problems (source, position, text) VALUES (?, ?, ?)",
          [.text(catalog.source), .integer(Int64(position)), .text(problem)])
      }
    }
  }

  /// `characters=62,episodes=102,quotes=70`: list names (never holding `=` or `,`) in order.
  private static func countsText(_ counts: [String: Int]) -> String {
    counts.keys.sorted().map { "\($0)=\(counts[$0] ?? 0)" }.joined(separator: ",")
  }

  /// The counts `countsText` wrote; nil for text it did not write.
  private static func counts(from text: String) -> [String: Int]? {
    var counts: [String: Int] = [:]
    for part in text.split(separator: ",") {
      let pair = part.split(separator: "=")
      guard pair.count == 2, let count = Int(pair[1]) else { return nil }
      counts[String(pair[0])] = count
    }
    return counts.isEmpty ? nil : counts
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
      path: path, busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
      checkpointsOnClose: checkpointsOnClose)
    return try readCatalog(reading: connection, source: source)
  }

  /// `readCatalog(directory:source:)` on a connection already open (`SQLiteSnapshotReader`
  /// keeps one for its reads).
  static func readCatalog(reading connection: SQLiteConnection, source: String)
    throws(StorageError) -> StoredCatalog?
  {
    let version = try checkedVersion(connection)
    guard version >= 2 else { return nil }
    return try readCatalog(
      connection, source: source, withSummary: version >= 4, withDigest: version >= 7)
  }

  /// The refresh time and digest saved with `source`'s snapshot on `connection`, without its
  /// bodies: nil when there is none, or when the database predates digests (schema 7), or when
  /// the digest was saved with other bodies than the current ones (a bbfan of schema 6, still
  /// running when the database was migrated, saves bodies and a refresh time but leaves the
  /// digest as it was: it counts only for the refresh time saved with it).
  static func catalogDigest(reading connection: SQLiteConnection, source: String)
    throws(StorageError) -> StoredCatalogDigest?
  {
    guard try checkedVersion(connection) >= 7 else { return nil }
    let row = try connection.query(
      "SELECT refreshed_at, digest, digest_refreshed_at FROM catalog_refreshes WHERE source = ?",
      [.text(source)]
    ).first
    guard let row, row.count == 3, let refreshedAt = row[0].integer,
      let digest = digest(row[1], savedAt: row[2], refreshedAt: refreshedAt)
    else { return nil }
    return StoredCatalogDigest(refreshedAt: refreshedAt, digest: digest)
  }

  /// What a stamp of the database in the state `files` holds (`SQLiteSnapshotStamp`): every
  /// saved refresh's key and time and the digest that counts for it, as `savedCatalogSources`
  /// and `catalogDigest` read them, read in one transaction on `connection`; nil when the
  /// database's schema is not this bbfan's (the caller reads as without stamps) or `files` has
  /// no database.
  static func snapshotStamp(reading connection: SQLiteConnection, files: SQLiteSnapshotStamp.Files)
    throws(StorageError) -> SQLiteSnapshotStamp?
  {
    guard let database = files.database else { return nil }
    // Both reads see one commit, as a stamp describes one state.
    let read = try transaction(connection, reading: true) {
      () throws(StorageError) -> [[SQLiteValue]]? in
      guard try checkedVersion(connection) == schemaVersion else { return nil }
      return try connection.query(
        "SELECT source, refreshed_at, digest, digest_refreshed_at FROM catalog_refreshes")
    }
    guard let rows = read else { return nil }
    var stamp = SQLiteSnapshotStamp(
      database: database, takenAt: files.takenAt, log: files.log, sources: [:], digests: [:])
    for row in rows {
      guard row.count == 4, let source = row[0].text, let refreshedAt = row[1].integer else {
        continue
      }
      stamp.sources[source] = refreshedAt
      if let digest = digest(row[2], savedAt: row[3], refreshedAt: refreshedAt) {
        stamp.digests[source] = StoredCatalogDigest(refreshedAt: refreshedAt, digest: digest)
      }
    }
    return stamp
  }

  /// The digest `digest`, when the refresh time saved with it (`savedAt`) is the snapshot's
  /// (`refreshedAt`): a digest counts only for the bodies it was saved with.
  private static func digest(_ digest: SQLiteValue, savedAt: SQLiteValue, refreshedAt: Int64)
    -> String?
  {
    savedAt.integer == refreshedAt ? digest.text : nil
  }

  /// Every source the data directory holds a saved catalog of (the key it is saved under), with
  /// when it was refreshed: none when the data directory has no database, or one that predates
  /// catalog snapshots.
  ///
  /// For start-up, like `readCatalog(directory:source:)`; it never creates or migrates anything.
  package static func savedCatalogSources(
    directory: String, checkpointsOnClose: Bool = true
  ) throws(StorageError) -> [String: Int64] {
    let path = directory + "/" + fileName
    guard access(path, F_OK) == 0 else { return [:] }
    let connection = try SQLiteConnection(
      path: path, busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
      checkpointsOnClose: checkpointsOnClose)
    return try savedCatalogSources(reading: connection)
  }

  /// `savedCatalogSources(directory:)` on a connection already open.
  static func savedCatalogSources(reading connection: SQLiteConnection) throws(StorageError)
    -> [String: Int64]
  {
    guard try checkedVersion(connection) >= 2 else { return [:] }
    var sources: [String: Int64] = [:]
    for row in try connection.query("SELECT source, refreshed_at FROM catalog_refreshes", []) {
      guard let source = row[0].text, let refreshedAt = row[1].integer else { continue }
      sources[source] = refreshedAt
    }
    return sources
  }

  /// The stored catalog of `source` on `connection`; its summary and digest too when the schema
  /// has them (a database not migrated yet, read at start-up, may not).
  private static func readCatalog(
    _ connection: SQLiteConnection, source: String, withSummary: Bool = true,
    withDigest: Bool = true
  )
    throws(StorageError) -> StoredCatalog?
  {
    // Column names only: no value is ever put in the SQL.
    let columns =
      ["refreshed_at"] + (withSummary ? ["counts", "counts_made_by", "counts_refreshed_at"] : [])
      + (withDigest ? ["digest", "digest_refreshed_at"] : [])
    let refresh = try connection.query(
      "SELECT \(columns.joined(separator: ", ")) FROM catalog_refreshes WHERE source = ?",
      [.text(source)]
    ).first
    guard let refresh, let refreshedAt = refresh.first?.integer else { return nil }
    let digest =
      withDigest && refresh.count == columns.count
      ? digest(
        refresh[columns.count - 2], savedAt: refresh[columns.count - 1], refreshedAt: refreshedAt)
      : nil
    var summary: StoredCatalog.Summary?
    // A summary counts only for the bodies it was saved with: a bbfan of schema 3, still running
    // when the database was migrated, saves bodies and a refresh time but leaves it as it was.
    if withSummary, refresh.count >= 4, refresh[3].integer == refreshedAt,
      let text = refresh[1].text, let counts = counts(from: text), let madeBy = refresh[2].text
    {
      let problems = try connection.query(
        "SELECT text FROM catalog_problems WHERE source = ? ORDER BY position", [.text(source)])
      summary = StoredCatalog.Summary(
        counts: counts, problems: problems.compactMap { $0[0].text }, madeBy: madeBy)
    }
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
    return StoredCatalog(
      source: source, refreshedAt: refreshedAt, resources: resources, summary: summary,
      digest: digest)
  }
}
