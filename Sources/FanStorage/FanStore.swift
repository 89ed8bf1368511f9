import FanCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one owner of the database: users, sessions, the remembered session, favourites and failed
/// logins, in one SQLite file in the data directory.
///
/// The directory is created 0700 and the files 0600. The database uses WAL and a busy timeout,
/// so several `bbfan` processes can share it; every write is one `BEGIN IMMEDIATE` transaction,
/// so no update is lost between processes and a killed process leaves either all or none of a
/// write. Opening waits for other processes like a write does (switching a new database to WAL
/// is retried until the busy timeout). The schema is migrated by `PRAGMA user_version`, in a
/// write transaction only when it is behind.
///
/// A file that is not a sound database is reported (`corrupt`) and never written, recreated or
/// removed.
package actor FanStore {
  /// The current schema version.
  package static let schemaVersion = 2
  /// The database file's name in the data directory.
  package static let fileName = "bbfan.sqlite3"
  /// How long a statement waits for another process's lock by default, in milliseconds.
  package static let defaultBusyTimeoutMilliseconds = 10_000
  /// How long failed logins of a username are counted after the last one, in milliseconds
  /// (a day); older counts are deleted when another failure is recorded.
  package static let loginFailureRetentionMilliseconds: Int64 = 86_400_000
  /// The most usernames whose failed logins are counted; beyond it the oldest are deleted.
  package static let maximumLoginFailureRows = 10_000

  /// The connection; only the store and its extensions use it.
  let connection: SQLiteConnection
  /// The data directory.
  let directory: String
  private let clock: @Sendable () -> Int64

  /// Opens (creating if needed) the store in `directory`.
  ///
  /// A statement waits up to `busyTimeoutMilliseconds` for another process's lock before it
  /// fails as `busy`. `clock` gives the time in milliseconds since 1970; tests inject their own.
  package init(
    directory: String, busyTimeoutMilliseconds: Int = FanStore.defaultBusyTimeoutMilliseconds,
    clock: @escaping @Sendable () -> Int64 = FanStore.wallClock
  ) throws(StorageError) {
    try FanStore.makeDirectory(directory)
    let path = directory + "/" + FanStore.fileName
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .system(errno, path: path) }
    close(fd)
    connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    self.directory = directory
    self.clock = clock
    // On a new database this takes the write lock without calling the busy handler, so a
    // process opening it at the same moment would fail at once: it is retried instead.
    try connection.executeWaitingForLocks("PRAGMA journal_mode = WAL")
    // In WAL mode NORMAL loses nothing that was committed when a process is killed: the commit
    // is in the OS's page cache. (Only a power cut can take the last commits.)
    try connection.execute("PRAGMA synchronous = NORMAL")
    try connection.execute("PRAGMA foreign_keys = ON")
    try FanStore.migrate(connection)
  }

  /// Milliseconds since 1970 from the system clock.
  package static let wallClock: @Sendable () -> Int64 = {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  // MARK: - Schema

  private static func migrate(_ connection: SQLiteConnection) throws(StorageError) {
    // Read first: an up-to-date database needs no write lock, so opening never waits for a
    // writer in another process.
    guard try checkedVersion(connection) < FanStore.schemaVersion else { return }
    try transaction(connection) { () throws(StorageError) in
      let version = try checkedVersion(connection)
      if version < 1 {
        try connection.execute(
          """
          CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL
          );
          CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL
          );
          CREATE TABLE remembered (
            slot INTEGER PRIMARY KEY CHECK (slot = 1),
            token_hash BLOB NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE
          );
          CREATE TABLE favorites (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            quote_id INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, quote_id)
          );
          CREATE TABLE favorite_counts (
            quote_id INTEGER PRIMARY KEY,
            count INTEGER NOT NULL CHECK (count >= 0)
          );
          CREATE INDEX favorite_counts_by_count ON favorite_counts (count DESC, quote_id);
          CREATE TABLE login_failures (
            username_key TEXT PRIMARY KEY,
            failures INTEGER NOT NULL,
            last_failure_at INTEGER NOT NULL
          );
          PRAGMA user_version = 1;
          """)
      }
      if version < 2 {
        try connection.execute(
          """
          CREATE TABLE catalog_resources (
            source TEXT NOT NULL,
            resource TEXT NOT NULL,
            url TEXT NOT NULL,
            body BLOB NOT NULL,
            etag TEXT,
            last_modified TEXT,
            PRIMARY KEY (source, resource)
          );
          CREATE TABLE catalog_refreshes (
            source TEXT PRIMARY KEY,
            refreshed_at INTEGER NOT NULL
          );
          CREATE TABLE images (
            key TEXT PRIMARY KEY,
            url TEXT NOT NULL,
            file TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            etag TEXT,
            last_modified TEXT,
            fetched_at INTEGER NOT NULL,
            last_used_at INTEGER NOT NULL
          );
          CREATE INDEX images_by_use ON images (last_used_at, key);
          PRAGMA user_version = 2;
          """)
      }
    }
  }

  /// The database's schema version; `newerSchema` when it is newer than this bbfan knows.
  static func checkedVersion(_ connection: SQLiteConnection) throws(StorageError) -> Int64 {
    let version = try connection.query("PRAGMA user_version").first?.first?.integer ?? 0
    guard version <= FanStore.schemaVersion else {
      throw .newerSchema(
        path: connection.path, found: Int(version), known: FanStore.schemaVersion)
    }
    return version
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction.
  ///
  /// It is committed if `body` returns and rolled back if it throws. IMMEDIATE takes the write lock at once, so two processes never deadlock on an
  /// upgrade from reading to writing.
  @discardableResult
  func transaction<R>(_ body: () throws(StorageError) -> R) throws(StorageError) -> R {
    try FanStore.transaction(connection, body)
  }

  static func transaction<R>(
    _ connection: SQLiteConnection, _ body: () throws(StorageError) -> R
  )
    throws(StorageError) -> R
  {
    try connection.execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try connection.execute("COMMIT")
      return result
    } catch {
      try? connection.execute("ROLLBACK")
      throw error
    }
  }

  // MARK: - Users and sessions

  /// Creates a user; `usernameTaken` when the key is in use.
  package func createUser(username: String, usernameKey: String, passwordHash: String)
    throws(StorageError)
    -> StoredUser
  {
    let now = clock()
    return try transaction { () throws(StorageError) in
      let existing = try connection.query(
        "SELECT 1 FROM users WHERE username_key = ?", [.text(usernameKey)])
      guard existing.isEmpty else { throw .usernameTaken }
      try connection.query(
        "INSERT INTO users (username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?)",
        [.text(username), .text(usernameKey), .text(passwordHash), .integer(now)])
      let id = try connection.query("SELECT last_insert_rowid()").first?.first?.integer ?? 0
      return StoredUser(id: id, username: username, createdAt: now)
    }
  }

  /// The user with this key and the stored password hash.
  package func user(usernameKey: String) throws(StorageError) -> (
    user: StoredUser, passwordHash: String
  )? {
    let rows = try connection.query(
      "SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?",
      [.text(usernameKey)])
    guard let row = rows.first, let id = row[0].integer, let name = row[1].text,
      let hash = row[3].text
    else {
      return nil
    }
    return (StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0), hash)
  }

  /// Stores a session for `userID` under the hash of its token; with `remember`, it becomes the
  /// session the data directory remembers.
  package func createSession(userID: Int64, tokenHash: [UInt8], remember: Bool) throws(StorageError)
  {
    let now = clock()
    try transaction { () throws(StorageError) in
      try connection.query(
        "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)",
        [.blob(tokenHash), .integer(userID), .integer(now)])
      if remember {
        try connection.query(
          "INSERT INTO remembered (slot, token_hash) VALUES (1, ?) ON CONFLICT (slot) DO UPDATE SET token_hash = excluded.token_hash",
          [.blob(tokenHash)])
      }
    }
  }

  /// The user whose session has this token hash.
  package func user(tokenHash: [UInt8]) throws(StorageError) -> StoredUser? {
    let rows = try connection.query(
      """
      SELECT users.id, users.username, users.created_at FROM sessions
      JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?
      """, [.blob(tokenHash)])
    return rows.first.flatMap(FanStore.user(from:))
  }

  /// The remembered session: its user and token hash.
  package func rememberedSession() throws(StorageError) -> (user: StoredUser, tokenHash: [UInt8])? {
    let rows = try connection.query(
      """
      SELECT users.id, users.username, users.created_at, remembered.token_hash FROM remembered
      JOIN sessions ON sessions.token_hash = remembered.token_hash
      JOIN users ON users.id = sessions.user_id
      """)
    guard let row = rows.first, let user = FanStore.user(from: row), let hash = row[3].blob else {
      return nil
    }
    return (user, hash)
  }

  /// Ends the session with this token hash (and forgets it if it was the remembered one).
  package func deleteSession(tokenHash: [UInt8]) throws(StorageError) {
    try transaction { () throws(StorageError) in
      try connection.query("DELETE FROM sessions WHERE token_hash = ?", [.blob(tokenHash)])
    }
  }

  private static func user(from row: [SQLiteValue]) -> StoredUser? {
    guard let id = row[0].integer, let name = row[1].text else { return nil }
    return StoredUser(id: id, username: name, createdAt: row[2].integer ?? 0)
  }

  // MARK: - Failed logins

  /// Counts one more consecutive failure for this username; returns the count and its time.
  ///
  /// The table stays bounded: in the same transaction, counts whose last failure is older than
  /// `retention` milliseconds are deleted, and then the oldest beyond `limit` usernames (and any
  /// key longer than a username can be, left by an older bbfan). Callers pass only valid
  /// usernames' keys.
  @discardableResult
  package func recordLoginFailure(
    usernameKey: String, retention: Int64 = FanStore.loginFailureRetentionMilliseconds,
    limit: Int = FanStore.maximumLoginFailureRows
  ) throws(StorageError) -> (failures: Int, at: Int64) {
    let now = clock()
    return try transaction { () throws(StorageError) in
      try connection.query(
        "DELETE FROM login_failures WHERE last_failure_at < ? OR length(username_key) > ?",
        [.integer(now - retention), .integer(Int64(UsernamePolicy.maximumLength))])
      try connection.query(
        """
        INSERT INTO login_failures (username_key, failures, last_failure_at) VALUES (?, 1, ?)
        ON CONFLICT (username_key) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at
        """, [.text(usernameKey), .integer(now)])
      let count = try connection.query("SELECT COUNT(*) FROM login_failures").first?.first?.integer
      if let count, count > limit {
        try connection.query(
          """
          DELETE FROM login_failures WHERE username_key IN (
            SELECT username_key FROM login_failures WHERE username_key != ?
            ORDER BY last_failure_at, username_key LIMIT ?)
          """, [.text(usernameKey), .integer(count - Int64(limit))])
      }
      let row = try connection.query(
        "SELECT failures FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
      return (Int(row.first?.first?.integer ?? 1), now)
    }
  }

  /// The consecutive failures for this username and the time of the last one.
  package func loginFailures(usernameKey: String) throws(StorageError) -> (
    failures: Int, lastAt: Int64
  )? {
    let rows = try connection.query(
      "SELECT failures, last_failure_at FROM login_failures WHERE username_key = ?",
      [.text(usernameKey)])
    guard let row = rows.first, let failures = row[0].integer, let last = row[1].integer else {
      return nil
    }
    return (Int(failures), last)
  }

  /// Forgets the failures of this username (after a successful login).
  package func clearLoginFailures(usernameKey: String) throws(StorageError) {
    try transaction { () throws(StorageError) in
      try connection.query(
        "DELETE FROM login_failures WHERE username_key = ?", [.text(usernameKey)])
    }
  }

  /// The store's clock, in milliseconds since 1970.
  package func now() -> Int64 { clock() }

  // MARK: - Favourites

  /// Adds the quote to the user's favourites, or removes it; returns the new state and the
  /// quote's favourite count across all users.
  package func toggleFavorite(userID: Int64, quoteID: Int) throws(StorageError) -> (
    isFavorite: Bool, count: Int
  ) {
    let now = clock()
    return try transaction { () throws(StorageError) in
      try connection.query(
        "DELETE FROM favorites WHERE user_id = ? AND quote_id = ?",
        [.integer(userID), .integer(Int64(quoteID))])
      let removed = connection.changes > 0
      if removed {
        try connection.query(
          "UPDATE favorite_counts SET count = count - 1 WHERE quote_id = ?",
          [.integer(Int64(quoteID))])
      } else {
        try connection.query(
          "INSERT INTO favorites (user_id, quote_id, created_at) VALUES (?, ?, ?)",
          [.integer(userID), .integer(Int64(quoteID)), .integer(now)])
        try connection.query(
          """
          INSERT INTO favorite_counts (quote_id, count) VALUES (?, 1)
          ON CONFLICT (quote_id) DO UPDATE SET count = count + 1
          """, [.integer(Int64(quoteID))])
      }
      return (!removed, try countLocked(quoteID))
    }
  }

  /// The user's favourite quote ids, newest first.
  package func favorites(userID: Int64) throws(StorageError) -> [Int] {
    try connection.query(
      "SELECT quote_id FROM favorites WHERE user_id = ? ORDER BY id DESC", [.integer(userID)]
    )
    .compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes with the most favourites across all users: count descending, ties by quote id.
  package func topFavorites(limit: Int) throws(StorageError) -> [(quoteID: Int, count: Int)] {
    try connection.query(
      "SELECT quote_id, count FROM favorite_counts WHERE count > 0 ORDER BY count DESC, quote_id LIMIT ?",
      [.integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }

  private func countLocked(_ quoteID: Int) throws(StorageError) -> Int {
    Int(
      try connection.query(
        "SELECT count FROM favorite_counts WHERE quote_id = ?", [.integer(Int64(quoteID))]
      )
      .first?.first?.integer ?? 0)
  }

  // MARK: - Files

  /// Creates `path` (0700), and its missing parents (0755).
  static func makeDirectory(_ path: String) throws(StorageError) {
    var isDirectory = stat()
    if stat(path, &isDirectory) == 0 {
      guard isDirectory.st_mode & S_IFMT == S_IFDIR else {
        throw .cannotOpen(path: path, detail: "it exists and is not a folder")
      }
      return
    }
    let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
      separator: "/")
    if !parent.isEmpty, stat(parent, &isDirectory) != 0 {
      try makeDirectory(parent)
      chmod(parent, 0o755)
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw .system(errno, path: path) }
  }
}
