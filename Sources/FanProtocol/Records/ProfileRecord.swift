/// A profile on the wire.
public struct ProfileRecord: Codable, Sendable, Equatable {
  /// The profile's user.
  public var user: UserRecord
  /// The display name, or null.
  @EncodedAsNull public var displayName: String?
  /// The photo's file and what it is, or null.
  @EncodedAsNull public var photo: PhotoRecord?

  /// A value with these members.
  public init(user: UserRecord, displayName: String? = nil, photo: PhotoRecord? = nil) {
    self.user = user
    self.displayName = displayName
    self.photo = photo
  }
}
