import FanCore
import FanStorage
import POSIXSupport

/// The SQLite store: every concern's protocol over one SQLite file in the data directory (users,
/// sessions, the accounts signed in here, favourites, failed logins, quizzes and their reviews,
/// profiles, catalog snapshots and the image index).
///
/// The directory is created 0700 and the files 0600. The database uses WAL and a busy timeout,
/// so several `bbfan` processes can share it; every write is one `BEGIN IMMEDIATE` transaction
/// (or one savepoint of a transaction that a group of requests shares: `WriteGroup`), so
/// no update is lost between processes and a killed process leaves either all or none of a
/// write. Opening waits for other processes like a write does (switching a new database to WAL
/// is retried until the busy timeout). The schema is migrated by `PRAGMA user_version`, in a
/// write transaction only when it is behind.
///
/// A file that is not a sound database is reported (`corrupt`) and never written, recreated or
/// removed.
package actor SQLiteStore {
  /// The current schema version.
  package static let schemaVersion = 7
  /// The database file's name in the data directory.
  package static let fileName = "bbfan.sqlite3"

  /// The connections, through which every statement goes: none from outside a write group
  /// reaches the group's transaction (see `SQLiteConnections`).
  let connections: SQLiteConnections
  /// The writes (of no group, or of another group) waiting for a group's transaction to end.
  var groupWaiters: [CheckedContinuation<Void, Never>] = []
  /// The data directory.
  let directory: String
  /// The clock, in milliseconds since 1970.
  let clock: @Sendable () -> Int64

  /// Opens (creating if needed) the store in `directory`.
  ///
  /// A statement waits up to `busyTimeoutMilliseconds` for another process's lock before it
  /// fails as `busy`. `clock` gives the time in milliseconds since 1970; tests inject their own.
  ///
  /// By default, when the last connection to the database closes, SQLite copies the write-ahead
  /// log into the database file and deletes it, which costs two fsyncs, and the next process to
  /// write makes a new log, which costs two more. Without `checkpointsOnClose` (a one-shot
  /// `bbfan call`, usually followed by another) the log is left for the next process, which
  /// reads it at open and appends to it; what it holds is committed and as durable as any
  /// commit here (see `synchronous` below). It is copied into the database file by a one-shot
  /// process that finds it past 100 pages (see `SQLiteConnection.leftLogLimitBytes`), or when a
  /// service closes.
  package init(
    directory: String, busyTimeoutMilliseconds: Int = StorageDefaults.busyTimeoutMilliseconds,
    clock: @escaping @Sendable () -> Int64 = StorageDefaults.wallClock,
    checkpointsOnClose: Bool = true
  ) throws(StorageError) {
    try StorageFiles.makeDirectory(directory)
    let path = directory + "/" + SQLiteStore.fileName
    // Made 0600 by this process only when it is not there. Never opened and closed otherwise:
    // closing any descriptor of the file drops every POSIX lock this process holds on it, so a
    // reader's connection opened before (a change watch) would lose its lock, and another
    // process closing the database would think itself the last one and delete the log under it.
    if access(path, F_OK) != 0 {
      let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard fd >= 0 || errno == EEXIST else { throw .system(errno, path: path) }
      if fd >= 0 { close(fd) }
    }
    let connection = try SQLiteConnection(
      path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      checkpointsOnClose: checkpointsOnClose)
    connections = SQLiteConnections(writer: connection, checkpointsOnClose: checkpointsOnClose)
    self.directory = directory
    self.clock = clock
    // On a new database this takes the write lock without calling the busy handler, so a
    // process opening it at the same moment would fail at once: it is retried instead.
    try connection.executeWaitingForLocks("PRAGMA journal_mode = WAL")
    // In WAL mode NORMAL loses nothing that was committed when a process is killed: the commit
    // is in the OS's page cache. (Only a power cut can take the last commits.)
    try connection.execute("PRAGMA synchronous = NORMAL")
    try connection.execute("PRAGMA foreign_keys = ON")
    // A deleted row's bytes are overwritten with zeros, not left in free space (see
    // `scrubLog`).
    try connection.execute("PRAGMA secure_delete = ON")
    try SQLiteStore.migrate(connection)
  }

  /// Makes the database of `directory` as the bbfan of schema `version` left it (for tests of
  /// the migrations: the tables of that version, made by the same steps).
  package static func makeDatabase(directory: String, version: Int) throws(StorageError) {
    try StorageFiles.makeDirectory(directory)
    let connection = try SQLiteConnection(
      path: directory + "/" + SQLiteStore.fileName,
      busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds)
    try migrate(connection, to: version)
  }
}

extension SQLiteStore: LocalStore {}
