/// What the store records of a profile photo besides its bytes.
package struct StoredPhoto: Sendable, Equatable {
  /// `image/png` or `image/jpeg`.
  package var mediaType: String
  /// The size in bytes.
  package var bytes: Int
  /// The SHA-256 of the bytes, in lowercase hex.
  package var sha256: String

  /// Creates a photo record.
  package init(mediaType: String, bytes: Int, sha256: String) {
    self.mediaType = mediaType
    self.bytes = bytes
    self.sha256 = sha256
  }
}
