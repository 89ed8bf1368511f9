/// The accounts signed in on one data directory, and which of them is current.
///
/// This is local to the data directory (a machine), even when the accounts themselves live in a
/// shared store: a session's token hash is kept here, never its token.
package protocol SignedInStore: Sendable {
  /// Records `tokenHash` as the session of `userID` on this data directory, replacing an
  /// earlier one of the same user, and makes it current.
  func signIn(userID: Int64, username: String, tokenHash: [UInt8]) async throws(StorageError)
  /// Every session signed in here, in the order they signed in.
  func signedIn() async throws(StorageError) -> [SignedInSession]
  /// The current session, or nil when nobody is current.
  func currentSession() async throws(StorageError) -> SignedInSession?
  /// Makes the session with `tokenHash` current; false when it is not signed in here.
  func makeCurrent(tokenHash: [UInt8]) async throws(StorageError) -> Bool
  /// Forgets the session with `tokenHash` on this data directory.
  func forget(tokenHash: [UInt8]) async throws(StorageError)
  /// Forgets every session of user `userID` on this data directory (the account was deleted).
  func forget(userID: Int64) async throws(StorageError)
}
