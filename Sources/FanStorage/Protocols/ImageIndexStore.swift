/// The image cache's files and their index, kept together so that an entry and its file never
/// disagree for long.
package protocol ImageIndexStore: Sendable {
  /// The cache entry for `key`, or nil.
  func image(key: String) async throws(StorageError) -> StoredImage?
  /// The absolute path of `image`'s file.
  func path(of image: StoredImage) async -> String
  /// Whether `image`'s file is there and has the size the index records.
  func fileIsIntact(_ image: StoredImage) async -> Bool
  /// Writes `bytes` as `image`'s file and records it, then evicts the least recently used
  /// other entries until all of them take at most `maxTotalBytes`; returns the evicted ones.
  @discardableResult
  func saveImage(_ image: StoredImage, bytes: [UInt8], maxTotalBytes: Int)
    async throws(StorageError) -> [StoredImage]
  /// Marks the entry as used now, and (after a 304) confirmed current with the validators.
  func touchImage(key: String, confirmed: Bool, etag: String?, lastModified: String?)
    async throws(StorageError)
  /// Removes the entry for `key` (its file is gone or damaged).
  func deleteImage(key: String) async throws(StorageError)
  /// The store's clock, in milliseconds since 1970.
  func now() async -> Int64
}
