import FanStorage

/// A user on the wire.
package struct UserRecord: Codable, Sendable, Equatable {
  /// The id.
  package var id: Int64
  /// The username as registered.
  package var username: String

  /// The record of `user`.
  package init(_ user: StoredUser) {
    id = user.id
    username = user.username
  }
}
