/// A user as the store keeps it (the password hash stays inside the store unless asked for).
package struct StoredUser: Sendable, Hashable {
  /// The id.
  package var id: Int64
  /// The name as it was registered (trimmed).
  package var username: String
  /// When the account was created (milliseconds since 1970).
  package var createdAt: Int64

  /// A user with these values.
  package init(id: Int64, username: String, createdAt: Int64) {
    self.id = id
    self.username = username
    self.createdAt = createdAt
  }
}
