/// Why a profile change was refused.
package enum ProfileError: Error, Sendable, Equatable {
  /// The photo's bytes are not a PNG or JPEG image; the phrase says what is wrong.
  case notAnImage(String)
  /// The photo is larger than `ProfilePolicy.maximumPhotoBytes`; it has this many bytes (or
  /// more).
  case photoTooLarge(bytes: Int)
  /// The photo's file could not be read; the phrase says why.
  case unreadablePhoto(path: String, reason: String)
  /// The photo's base64 data is not valid base64.
  case badPhotoData
  /// The display name breaks the rules; the phrase says how.
  case invalidDisplayName(String)
}
