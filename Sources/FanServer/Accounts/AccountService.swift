import FanCore
import FanProtocol
import FanStorage
import POSIXSupport
import Synchronization

/// Accounts, sessions and favourites over the store, for the methods that act for a user.
///
/// The store is opened on first use, so a service that is only asked about the catalog never
/// creates its data directory. The current user is the one who signed in last on this service,
/// or at start the session the data directory remembers.
package final class AccountService: Sendable {
  /// A signed-in user and the session they act under.
  package struct Session: Sendable, Hashable {
    /// The user.
    package var user: StoredUser
    /// The hash of the session's token.
    package var tokenHash: [UInt8]
  }

  private struct Current {
    var loaded = false
    var tokenHash: [UInt8]?
  }

  /// Every store the accounts use.
  package let storage: Storage
  private let iterations: Int
  private let current = Mutex(Current())
  /// Whether the current session is read from the data directory for every request.
  private let followsDataDirectory: Bool
  /// What an unknown username's password is checked against, made with the service (it derives
  /// nothing), so an unknown username costs one derivation like a wrong password, from the first
  /// request.
  private let dummyHash: PasswordHash

  /// An account service keeping its data in `storage`, hashing passwords with `iterations`;
  /// with `followsDataDirectory`, requests without a token act for whoever is signed in on the
  /// data directory at the time, read again for each.
  package init(storage: Storage, iterations: Int, followsDataDirectory: Bool = false) {
    self.storage = storage
    self.iterations = iterations
    self.followsDataDirectory = followsDataDirectory
    self.dummyHash = PasswordHash.unmatchable(iterations: iterations)
  }

  // MARK: - Sign-up and sign-in

  /// Registers and signs in a new user; returns the session's token.
  ///
  /// Every check is made, in this order: the username's form, whether it is taken (only for a
  /// valid name), whether the confirmation matches, the password rules. When any fails, the
  /// error is `registrationRefused` with all that failed, the first first.
  package func register(username: String, password: String, confirmation: String) async throws
    -> (user: StoredUser, token: String)
  {
    var problems: [AccountError] = []
    var valid: String?
    switch UsernamePolicy.validate(username) {
    case .success(let name): valid = name
    case .failure(let problem): problems.append(problem)
    }
    // An invalid name cannot be taken: the store (and the data directory) is not opened for it.
    if let name = valid,
      try await storage.accounts().user(usernameKey: UsernamePolicy.key(name)) != nil
    {
      problems.append(.usernameTaken(name))
    }
    if password != confirmation { problems.append(.passwordMismatch) }
    let unmet = PasswordPolicy.unmetRules(password)
    if !unmet.isEmpty { problems.append(.weakPassword(unmet)) }
    guard let name = valid, problems.isEmpty else {
      throw AccountError.registrationRefused(problems)
    }
    let key = UsernamePolicy.key(name)
    let hash = PasswordHash(password: password, iterations: iterations)
    let user: StoredUser
    do {
      user = try await storage.accounts().createUser(
        username: name, usernameKey: key, passwordHash: hash.description)
    } catch StorageError.usernameTaken {
      throw AccountError.registrationRefused([.usernameTaken(name)])
    }
    return (user, try await startSession(for: user))
  }

  /// Signs a user in; returns the session's token, and a device cookie when `device` is given
  /// (the caller's cookie of this user, or `""` for none yet).
  ///
  /// Unknown users cost the same work as known ones, and failures are throttled per username:
  /// after five, each attempt waits. A caller presenting a device cookie of the user is not held
  /// by that wait (a stranger's failures must not lock the owner out); its own failures are
  /// counted under its cookie and throttled alike, and do not count against the username.
  /// A name that registration would refuse (too long, a character outside the rules, a NUL)
  /// cannot belong to anyone: it is `unknownUser` after the same hashing work, without reaching
  /// the store, so it is never recorded as a failure.
  package func login(username: String, password: String, device: String? = nil) async throws
    -> (user: StoredUser, token: String, device: String?)
  {
    guard case .success(let name) = UsernamePolicy.validate(username) else {
      _ = dummyHash.verifies(password)
      throw AccountError.unknownUser(username.trimmingWhitespace())
    }
    let store = try storage.accounts()
    let key = UsernamePolicy.key(name)
    let found = try await store.user(usernameKey: key)
    // A cookie proves a sign-in from this caller before only while the password it was made
    // under is the account's.
    let trusted = found.flatMap { found in
      device.flatMap {
        DeviceCookie.verified($0, usernameKey: key, storedHash: found.passwordHash)
      }
    }
    let failureKey = trusted?.failureKey(usernameKey: key) ?? key
    if let failures = try await store.loginFailures(usernameKey: failureKey),
      let wait = LoginThrottle.retryAfter(
        failures: failures.failures, lastFailureAt: failures.lastAt, now: await store.now())
    {
      throw AccountError.tooManyAttempts(retryAfter: wait)
    }
    let stored = found.flatMap { PasswordHash(stored: $0.passwordHash) } ?? dummyHash
    let matches = stored.verifies(password)
    guard let found, matches else {
      try await store.recordLoginFailure(usernameKey: failureKey)
      throw found == nil ? AccountError.unknownUser(name) : AccountError.wrongPassword
    }
    try await store.clearLoginFailures(usernameKey: failureKey)
    let cookie = device.map { _ in
      DeviceCookie.issue(usernameKey: key, storedHash: found.passwordHash).text
    }
    return (found.user, try await startSession(for: found.user), cookie)
  }

  /// Ends the session of `token`, or the current one; the data directory forgets it.
  package func logout(token: String?) async throws {
    let session = try await session(token: token)
    try await storage.accounts().deleteSession(tokenHash: session.tokenHash)
    try await storage.signedIn().forget(tokenHash: session.tokenHash)
    current.withLock { current in
      if current.tokenHash == session.tokenHash { current.tokenHash = nil }
    }
  }

  /// The session a request acts under: its `token`'s, else the current one; `unauthorized`
  /// when there is none.
  package func session(token: String?) async throws -> Session {
    guard let session = try await optionalSession(token: token) else {
      throw AccountError.unauthorized
    }
    return session
  }

  /// Like `session(token:)`, but nil when nobody is signed in (a bad token is still an error).
  ///
  /// Without a database file nobody can be signed in: that is answered without creating one, so
  /// catalog requests never create the data directory.
  package func optionalSession(token: String?) async throws -> Session? {
    if !storage.localDatabaseExists, token == nil || !storage.isShared {
      guard token == nil else { throw AccountError.unauthorized }
      return nil
    }
    if token == nil, !followsDataDirectory, current.withLock({ $0.loaded && $0.tokenHash == nil }) {
      // Nobody is signed in on this service, and it knows it without reading the store.
      return nil
    }
    let store = try storage.accounts()
    if let token {
      guard let bytes = Hex.decode(token), bytes.count == 32 else {
        throw AccountError.unauthorized
      }
      let hash = SHA256.hash(bytes)
      guard let user = try await store.user(tokenHash: hash) else {
        throw AccountError.unauthorized
      }
      return Session(user: user, tokenHash: hash)
    }
    var state = current.withLock { $0 }
    if followsDataDirectory {
      state.tokenHash = try await storage.signedIn().currentSession()?.tokenHash
    } else if !state.loaded {
      let remembered = try await storage.signedIn().currentSession()?.tokenHash
      state = current.withLock { current in
        if !current.loaded {
          current.loaded = true
          current.tokenHash = remembered
        }
        return current
      }
    }
    // The session may have ended in another process since.
    guard let hash = state.tokenHash, let user = try await store.user(tokenHash: hash) else {
      return nil
    }
    return Session(user: user, tokenHash: hash)
  }

  /// The favourite quote ids in `universe` of the request's user, or nil when nobody is signed
  /// in (so records leave `isFavorite` out); a bad token is `unauthorized`.
  package func favoriteIDs(token: String?, universe: UniverseID) async throws -> Set<Int>? {
    guard let session = try await optionalSession(token: token) else { return nil }
    return Set(
      try await storage.favorites().favorites(userID: session.user.id, universe: universe))
  }

  /// Like `favoriteIDs(token:universe:)`, but nil when storage cannot be used.
  ///
  /// For the catalog methods, which must answer while storage is unusable: their records then
  /// leave `isFavorite` out, and the error goes to `unusable`, for the log. A bad token is still
  /// `unauthorized` when storage can tell.
  package func favoriteIDs(
    token: String?, universe: UniverseID, whenStorageUnusable unusable: (StorageError) -> Void
  ) async throws -> Set<Int>? {
    do {
      return try await favoriteIDs(token: token, universe: universe)
    } catch let error as StorageError {
      unusable(error)
      return nil
    }
  }

  /// Forgets this service's current session when it is `tokenHash` (its account was deleted).
  func forgetCurrent(tokenHash: [UInt8]) {
    current.withLock { current in
      if current.tokenHash == tokenHash { current.tokenHash = nil }
    }
  }

  /// Makes the session with `tokenHash` this service's current one.
  func makeCurrent(tokenHash: [UInt8]) {
    current.withLock {
      $0.loaded = true
      $0.tokenHash = tokenHash
    }
  }

  private func startSession(for user: StoredUser) async throws -> String {
    let bytes = SecureRandom.bytes(32)
    let hash = SHA256.hash(bytes)
    try await storage.accounts().createSession(userID: user.id, tokenHash: hash)
    try await storage.signedIn().signIn(userID: user.id, username: user.username, tokenHash: hash)
    current.withLock {
      $0.loaded = true
      $0.tokenHash = hash
    }
    return Hex.encode(bytes)
  }
}

extension String {
  /// The string without leading and trailing white space.
  func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
