/// Users, sessions and failed logins: the accounts of a community, shared by every process that
/// uses the same store.
///
/// Every write is one transaction. A conflict is an error of its own (`usernameTaken`); every
/// other failure is a `StorageError` that says what went wrong with the store.
package protocol AccountStore: Sendable {
  /// Creates a user; `usernameTaken` when `usernameKey` is in use.
  func createUser(username: String, usernameKey: String, passwordHash: String)
    async throws(StorageError) -> StoredUser
  /// The user with this key and the stored password hash, or nil.
  func user(usernameKey: String) async throws(StorageError) -> (
    user: StoredUser, passwordHash: String
  )?
  /// Stores a session for `userID` under the hash of its token.
  func createSession(userID: Int64, tokenHash: [UInt8]) async throws(StorageError)
  /// The user whose session has this token hash, or nil.
  func user(tokenHash: [UInt8]) async throws(StorageError) -> StoredUser?
  /// Ends the session with this token hash.
  func deleteSession(tokenHash: [UInt8]) async throws(StorageError)
  /// Deletes the user for good, in one transaction: sessions, favourites (each count one less),
  /// quizzes with their review state and log, profile and photo, failed logins of
  /// `usernameKey`, and the user.
  func deleteUser(userID: Int64, usernameKey: String) async throws(StorageError)
  /// Counts one more consecutive failed login of this username; returns the count and its time.
  @discardableResult
  func recordLoginFailure(usernameKey: String) async throws(StorageError) -> (
    failures: Int, at: Int64
  )
  /// The consecutive failed logins of this username and the time of the last one, or nil.
  func loginFailures(usernameKey: String) async throws(StorageError) -> (
    failures: Int, lastAt: Int64
  )?
  /// Forgets the failed logins of this username (after a successful login).
  func clearLoginFailures(usernameKey: String) async throws(StorageError)
  /// The store's clock, in milliseconds since 1970.
  func now() async -> Int64
}
