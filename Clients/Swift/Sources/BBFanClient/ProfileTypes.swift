import Foundation

/// A user's profile (`profile.get`, `profile.update`).
public struct Profile: Codable, Sendable, Hashable {
  /// The user.
  public var user: User
  /// The display name, or nil when not set.
  public var displayName: String?
  /// The photo, or nil when not set.
  public var photo: Photo?
}

/// A profile photo, kept as a file in the service's `DATA_DIR/photos/`.
public struct Photo: Codable, Sendable, Hashable {
  /// The file's absolute path, on the service's machine.
  public var path: String
  /// `image/png` or `image/jpeg`, read from the bytes.
  public var mediaType: String
  /// The file's size in bytes.
  public var bytes: Int
  /// Its SHA-256, 64 hex digits.
  public var sha256: String
}

/// A new profile photo for `updateProfile`: its bytes, or a file on the service's machine.
public enum PhotoSource: Sendable, Hashable {
  /// The image's bytes (sent in base64; the request must fit `--max-message-bytes`).
  case data(Data)
  /// A PNG or JPEG file on the machine bbfan runs on.
  case path(String)
}

/// What `updateProfile` does with one member of the profile.
public enum ProfileChange<Value: Sendable & Hashable>: Sendable, Hashable {
  /// Leave it as it is (the member is left out of the request).
  case keep
  /// Set it.
  case set(Value)
  /// Remove it (the member is sent as null).
  case remove
}
