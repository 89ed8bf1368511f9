import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every store of the service, one per concern, each opened on first use.
///
/// The service is built with one `Storage`, and every layer above sees only the protocols it
/// hands out. Without a shared database every concern is the SQLite store in the data
/// directory; with one (`postgres://…`), the shared state (accounts and sessions, favourites,
/// quizzes and reviews, profiles) is in PostgreSQL, and what belongs to one machine (the
/// accounts signed in here, catalog snapshots, the image index) stays in the local SQLite store.
/// Nothing is opened (and no data directory created) until a method needs it; a shared database
/// that cannot be reached is tried again by the next request.
package final class Storage: Sendable {
  /// The data directory.
  package let dataDirectory: String
  private let busyTimeoutMilliseconds: Int
  private let clock: (@Sendable () -> Int64)?
  private let checkpointsOnClose: Bool
  private let opened = Mutex<SQLiteStore?>(nil)
  /// The shared database's connection string, if any.
  private let sharedDatabase: String?
  private let shared = Mutex<PostgresStore?>(nil)

  /// Storage in `dataDirectory`: a write waits up to `busyTimeoutMilliseconds` for another
  /// process; `clock` (milliseconds since 1970) replaces the system's, for tests; without
  /// `checkpointsOnClose`, the SQLite store leaves its write-ahead log for the next process when
  /// it closes (see `SQLiteStore.init`).
  package init(
    dataDirectory: String,
    busyTimeoutMilliseconds: Int = SQLiteStore.defaultBusyTimeoutMilliseconds,
    clock: (@Sendable () -> Int64)? = nil, sharedDatabase: String? = nil,
    checkpointsOnClose: Bool = true
  ) {
    self.checkpointsOnClose = checkpointsOnClose
    self.sharedDatabase = sharedDatabase
    self.dataDirectory = dataDirectory
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.clock = clock
  }

  /// The SQLite store of the data directory, opened (and created) on first use.
  package func local() throws(StorageError) -> SQLiteStore {
    try opened.withLock { (store: inout SQLiteStore?) throws(StorageError) -> SQLiteStore in
      if let store { return store }
      let made = try SQLiteStore(
        directory: dataDirectory, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
        clock: clock ?? SQLiteStore.wallClock, checkpointsOnClose: checkpointsOnClose)
      store = made
      return made
    }
  }

  /// Whether the data directory's database is open or exists: when it does not, nobody can be
  /// signed in here, and that is known without creating it.
  package var localDatabaseExists: Bool {
    if opened.withLock({ $0 != nil }) { return true }
    var info = stat()
    return stat(dataDirectory + "/" + SQLiteStore.fileName, &info) == 0
  }

  /// Whether the shared state is in a shared database rather than the data directory.
  package var isShared: Bool { sharedDatabase != nil }

  /// Which store holds the shared state, for `service.info`: `sqlite` and the database file, or
  /// `postgres` and the database's address without its password.
  package var sharedStoreDescription: (kind: String, location: String) {
    guard let sharedDatabase else {
      return ("sqlite", ExportFiles.absolute(dataDirectory) + "/" + SQLiteStore.fileName)
    }
    return ("postgres", PostgresConnection.redacted(sharedDatabase))
  }

  /// The shared database's store, connected (and migrated) on first use; a failure is not kept,
  /// so the next request tries again.
  package func sharedStore() throws(StorageError) -> PostgresStore? {
    guard let sharedDatabase else { return nil }
    return try shared.withLock {
      (store: inout PostgresStore?) throws(StorageError) -> PostgresStore in
      if let store { return store }
      let made: PostgresStore
      if let clock {
        made = try PostgresStore(url: sharedDatabase, clock: clock)
      } else {
        made = try PostgresStore(url: sharedDatabase)
      }
      store = made
      return made
    }
  }

  /// Users, sessions and failed logins.
  package func accounts() throws(StorageError) -> any AccountStore {
    if let shared = try sharedStore() { return shared }
    return try local()
  }
  /// The accounts signed in on this data directory.
  package func signedIn() throws(StorageError) -> any SignedInStore { try local() }
  /// Favourite quotes and their counts.
  package func favorites() throws(StorageError) -> any FavoriteStore {
    if let shared = try sharedStore() { return shared }
    return try local()
  }
  /// Quiz collections, review state and the review log.
  package func quizzes() throws(StorageError) -> any QuizStore {
    if let shared = try sharedStore() { return shared }
    return try local()
  }
  /// Profiles and their photos.
  package func profiles() throws(StorageError) -> any ProfileStore {
    if let shared = try sharedStore() { return shared }
    return try local()
  }
  /// Saved catalog snapshots.
  package func catalogSnapshots() throws(StorageError) -> any CatalogSnapshotStore {
    try local()
  }
  /// The image cache's index and files.
  package func imageIndex() throws(StorageError) -> any ImageIndexStore { try local() }
}
