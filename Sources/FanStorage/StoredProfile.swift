/// A user's profile as the store keeps it.
package struct StoredProfile: Sendable, Equatable {
  /// The display name, if set.
  package var displayName: String?
  /// The photo, if set (its bytes are read apart).
  package var photo: StoredPhoto?
  /// When it was last changed (milliseconds since 1970).
  package var updatedAt: Int64

  /// Creates a profile record.
  package init(displayName: String?, photo: StoredPhoto?, updatedAt: Int64) {
    self.displayName = displayName
    self.photo = photo
    self.updatedAt = updatedAt
  }
}
