/// The rules of a profile: what a display name and a photo may be.
package enum ProfilePolicy {
  /// The largest photo, in bytes (8 MiB).
  package static let maximumPhotoBytes = 8 * 1024 * 1024
  /// The longest display name, in characters.
  package static let maximumDisplayNameLength = 64

  /// The media type of a photo, read from its bytes alone (whatever its file was called):
  /// `image/png` or `image/jpeg`, when the whole image can be read as one.
  package static func mediaType(ofPhoto bytes: [UInt8]) throws(ProfileError) -> String {
    guard bytes.count <= maximumPhotoBytes else { throw .photoTooLarge(bytes: bytes.count) }
    do {
      _ = try CardImage.read(bytes)
    } catch {
      throw .notAnImage(error.message)
    }
    return bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "image/jpeg" : "image/png"
  }

  /// The display name trimmed, when it keeps the rules: not blank, at most 64 characters, no
  /// control characters.
  package static func displayName(_ name: String) throws(ProfileError) -> String {
    let trimmed = String(
      name.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    guard !trimmed.isEmpty else {
      throw .invalidDisplayName("is blank; leave it out to keep it, or send null to remove it")
    }
    guard trimmed.count <= maximumDisplayNameLength else {
      throw .invalidDisplayName("is longer than \(maximumDisplayNameLength) characters")
    }
    guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw .invalidDisplayName("contains a control character")
    }
    return trimmed
  }
}
