/// A session signed in on a data directory.
package struct SignedInSession: Sendable, Hashable {
  /// The user's id.
  package var userID: Int64
  /// The user's name as it was when they signed in.
  package var username: String
  /// The hash of the session's token.
  package var tokenHash: [UInt8]
  /// When they signed in (milliseconds since 1970).
  package var signedInAt: Int64
  /// Whether it is the data directory's current session.
  package var isCurrent: Bool

  /// Creates a record of a signed-in session.
  package init(
    userID: Int64, username: String, tokenHash: [UInt8], signedInAt: Int64, isCurrent: Bool
  ) {
    self.userID = userID
    self.username = username
    self.tokenHash = tokenHash
    self.signedInAt = signedInAt
    self.isCurrent = isCurrent
  }
}
