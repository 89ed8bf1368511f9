import FanCore
import FanStorage

extension AccountService {
  /// Deletes the account of the request's session for good, once `password` proves it is the
  /// user's: everything of it in the store (one transaction), its sessions signed in on this
  /// data directory, and its photo's files.
  ///
  /// The password is checked like a login's: a throttled username is `tooManyAttempts` before
  /// any check, and a wrong password is `wrongPassword`, counted as a failed login of the
  /// username, with nothing deleted.
  package func deleteAccount(password: String, token: String?) async throws -> StoredUser {
    let session = try await session(token: token)
    let store = try storage.accounts()
    let key = UsernamePolicy.key(session.user.username)
    if let failures = try await store.loginFailures(usernameKey: key),
      let wait = LoginThrottle.retryAfter(
        failures: failures.failures, lastFailureAt: failures.lastAt, now: await store.now())
    {
      throw AccountError.tooManyAttempts(retryAfter: wait)
    }
    guard let found = try await store.user(usernameKey: key), found.user.id == session.user.id
    else {
      // Deleted by another process since the session was read.
      throw AccountError.unauthorized
    }
    guard let hash = PasswordHash(stored: found.passwordHash), hash.verifies(password) else {
      try await store.recordLoginFailure(usernameKey: key)
      throw AccountError.wrongPassword
    }
    try await store.deleteUser(userID: session.user.id, usernameKey: key)
    try await storage.signedIn().forget(userID: session.user.id)
    PhotoFiles.removeAll(userID: session.user.id, dataDirectory: storage.dataDirectory)
    forgetCurrent(tokenHash: session.tokenHash)
    return session.user
  }
}
