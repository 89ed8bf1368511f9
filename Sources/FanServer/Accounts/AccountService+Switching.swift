import FanCore
import FanStorage

extension AccountService {
  /// An account signed in on this data directory.
  package struct SignedInAccount: Sendable, Equatable {
    /// The user.
    package var user: StoredUser
    /// When it signed in here (milliseconds since 1970).
    package var signedInAt: Int64
    /// Whether requests without a token act for it.
    package var isCurrent: Bool
  }

  /// The accounts signed in on this data directory, in the order they signed in; a session
  /// ended since (in this process or another) is forgotten here, with its user's photo files,
  /// and left out.
  package func signedInAccounts() async throws -> [SignedInAccount] {
    guard storage.localDatabaseExists else { return [] }
    let current = try await optionalSession(token: nil)
    var accounts: [SignedInAccount] = []
    let signedIn = try storage.signedIn()
    for session in try await signedIn.signedIn() {
      guard let user = try await storage.accounts().user(tokenHash: session.tokenHash) else {
        try await signedIn.forget(tokenHash: session.tokenHash)
        // Its account may have been deleted on another machine: no copy of its photo stays
        // here (a user who still exists gets the file again from the store when asked).
        PhotoFiles.removeAll(userID: session.userID, dataDirectory: storage.dataDirectory)
        continue
      }
      accounts.append(
        SignedInAccount(
          user: user, signedInAt: session.signedInAt,
          isCurrent: current?.tokenHash == session.tokenHash))
    }
    return accounts
  }

  /// Makes the account `username`, signed in on this data directory, the current one, without
  /// its password; `notSignedIn` when it is not signed in here (or its session has ended).
  package func switchAccount(to username: String) async throws -> StoredUser {
    let key = UsernamePolicy.key(username.trimmingWhitespace())
    guard storage.localDatabaseExists else { throw AccountError.notSignedIn(username) }
    let signedIn = try storage.signedIn()
    for session in try await signedIn.signedIn()
    where UsernamePolicy.key(session.username) == key {
      guard let user = try await storage.accounts().user(tokenHash: session.tokenHash) else {
        try await signedIn.forget(tokenHash: session.tokenHash)
        break
      }
      guard try await signedIn.makeCurrent(tokenHash: session.tokenHash) else { break }
      makeCurrent(tokenHash: session.tokenHash)
      return user
    }
    throw AccountError.notSignedIn(username.trimmingWhitespace())
  }
}
