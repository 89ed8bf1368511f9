import FanStorage
import POSIXSupport

/// The image cache: files in `DATA_DIR/images` (folder 0700, files 0600) and their index, kept
/// together so that an entry and its file never disagree for long.
extension SQLiteStore: ImageIndexStore {
  /// The cache entry for `key`, or nil.
  package func image(key: String) throws(StorageError) -> StoredImage? {
    try connection.query(
      """
      SELECT key, url, file, mime_type, bytes, etag, last_modified, fetched_at, last_used_at,
        max_age
      FROM images WHERE key = ?
      """, [.text(key)]
    ).first.flatMap(SQLiteStore.image(from:))
  }

  /// The absolute path of `image`'s file.
  package func path(of image: StoredImage) -> String {
    imagesDirectory + "/" + image.file
  }

  /// Whether `image`'s file is there and has the size the index records.
  package func fileIsIntact(_ image: StoredImage) -> Bool {
    var info = stat()
    guard stat(path(of: image), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return Int(info.st_size) == image.bytes
  }

  /// Writes `bytes` as `image`'s file and records `image` (replacing an entry with its key),
  /// then evicts the least recently used other entries, files included, until all of them
  /// together take at most `maxTotalBytes`; returns the evicted entries.
  ///
  /// The file is written under a temporary name and renamed, so a reader never sees half of it.
  @discardableResult
  package func saveImage(_ image: StoredImage, bytes: [UInt8], maxTotalBytes: Int)
    async throws(StorageError) -> [StoredImage]
  {
    try StorageFiles.makeDirectory(imagesDirectory)
    try StorageFiles.writeAtomically(bytes, to: path(of: image))
    let evicted = try await transaction { connection throws(StorageError) in
      try connection.query(
        """
        INSERT INTO images
          (key, url, file, mime_type, bytes, etag, last_modified, fetched_at, last_used_at,
            max_age)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET
          url = excluded.url, file = excluded.file, mime_type = excluded.mime_type,
          bytes = excluded.bytes, etag = excluded.etag, last_modified = excluded.last_modified,
          fetched_at = excluded.fetched_at, last_used_at = excluded.last_used_at,
          max_age = excluded.max_age
        """,
        [
          .text(image.key), .text(image.url), .text(image.file), .text(image.mimeType),
          .integer(Int64(image.bytes)), image.etag.map(SQLiteValue.text) ?? .null,
          image.lastModified.map(SQLiteValue.text) ?? .null, .integer(image.fetchedAt),
          .integer(image.lastUsedAt), image.maxAge.map { .integer(Int64($0)) } ?? .null,
        ])
      var total = Int(
        try connection.query("SELECT COALESCE(SUM(bytes), 0) FROM images").first?.first?.integer
          ?? 0)
      var evicted: [StoredImage] = []
      while total > maxTotalBytes {
        guard
          let oldest = try connection.query(
            """
            SELECT key, url, file, mime_type, bytes, etag, last_modified, fetched_at, last_used_at,
              max_age
            FROM images WHERE key != ? ORDER BY last_used_at, key LIMIT 1
            """, [.text(image.key)]
          ).first.flatMap(SQLiteStore.image(from:))
        else { break }
        try connection.query("DELETE FROM images WHERE key = ?", [.text(oldest.key)])
        total -= oldest.bytes
        evicted.append(oldest)
      }
      return evicted
    }
    for old in evicted where old.file != image.file {
      unlink(path(of: old))
    }
    return evicted
  }

  /// Marks the entry as used now, and (after a 304) confirmed current with `validators`.
  package func touchImage(key: String, confirmed: Bool, etag: String?, lastModified: String?)
    async throws(StorageError)
  {
    let now = self.now()
    try await transaction { connection throws(StorageError) in
      if confirmed {
        try connection.query(
          """
          UPDATE images SET last_used_at = ?, fetched_at = ?,
            etag = COALESCE(?, etag), last_modified = COALESCE(?, last_modified)
          WHERE key = ?
          """,
          [
            .integer(now), .integer(now), etag.map(SQLiteValue.text) ?? .null,
            lastModified.map(SQLiteValue.text) ?? .null, .text(key),
          ])
      } else {
        try connection.query(
          "UPDATE images SET last_used_at = ? WHERE key = ?", [.integer(now), .text(key)])
      }
    }
  }

  /// Removes the entry for `key` (its file is gone or damaged).
  package func deleteImage(key: String) async throws(StorageError) {
    try await transaction { connection throws(StorageError) in
      try connection.query("DELETE FROM images WHERE key = ?", [.text(key)])
    }
  }

  private static func image(from row: [SQLiteValue]) -> StoredImage? {
    guard let key = row[0].text, let url = row[1].text, let file = row[2].text,
      let mimeType = row[3].text, let bytes = row[4].integer, let fetchedAt = row[7].integer,
      let lastUsedAt = row[8].integer
    else { return nil }
    return StoredImage(
      key: key, url: url, file: file, mimeType: mimeType, bytes: Int(bytes), etag: row[5].text,
      lastModified: row[6].text, fetchedAt: fetchedAt, lastUsedAt: lastUsedAt,
      maxAge: row.count > 9 ? row[9].integer.map { Int($0) } : nil)
  }

  private var imagesDirectory: String { directory + "/images" }
}
