/// A photo to store: its bytes and what they are.
package struct NewPhoto: Sendable, Equatable {
  /// The image's bytes.
  package var bytes: [UInt8]
  /// `image/png` or `image/jpeg`.
  package var mediaType: String
  /// The SHA-256 of the bytes, in lowercase hex.
  package var sha256: String

  /// Creates a photo to store.
  package init(bytes: [UInt8], mediaType: String, sha256: String) {
    self.bytes = bytes
    self.mediaType = mediaType
    self.sha256 = sha256
  }
}
