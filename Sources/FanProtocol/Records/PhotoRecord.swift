/// A profile photo on the wire: the same shape as an export.
public struct PhotoRecord: Codable, Sendable, Equatable {
  /// The file's absolute path, in DATA_DIR/photos/.
  public var path: String
  /// `image/png` or `image/jpeg`.
  public var mediaType: String
  /// The size in bytes.
  public var bytes: Int
  /// The SHA-256 of the file, 64 hex digits.
  public var sha256: String

  /// A value with these members.
  public init(path: String, mediaType: String, bytes: Int, sha256: String) {
    self.path = path
    self.mediaType = mediaType
    self.bytes = bytes
    self.sha256 = sha256
  }
}
