import POSIXSupport
import Synchronization

/// Every store of the service, one per concern, each opened on first use.
///
/// The service is built with one `Storage`, and every layer above sees only the protocols it
/// hands out; which engine serves them is the `StorageEngines` it is given. Without a shared
/// database every concern is the data directory's local store; with one (`postgres://…`), the
/// shared state (accounts and sessions, favourites, quizzes and reviews, profiles) is in the
/// shared store, and what belongs to one machine (the accounts signed in here, catalog
/// snapshots, the image index) stays in the local one. Nothing is opened (and no data directory
/// created) until a method needs it; a shared database that cannot be reached is tried again by
/// the next request.
package final class Storage: Sendable {
  /// The data directory.
  package let dataDirectory: String
  /// The engines behind the stores.
  package let engines: StorageEngines
  private let options: LocalStoreOptions
  private let opened = Mutex<(any LocalStore)?>(nil)
  /// The shared database's connection string, if any.
  private let sharedDatabase: String?
  private let shared = Mutex<(any SharedStore)?>(nil)

  /// Storage in `options.directory` served by `engines`, with the shared state in the database
  /// at `sharedDatabase` when one is given.
  package init(engines: StorageEngines, options: LocalStoreOptions, sharedDatabase: String? = nil) {
    self.engines = engines
    self.options = options
    self.sharedDatabase = sharedDatabase
    self.dataDirectory = options.directory
  }

  /// The data directory's store, opened (and created) on first use.
  package func local() throws(StorageError) -> any LocalStore {
    try opened.withLock { (store: inout (any LocalStore)?) throws(StorageError) -> any LocalStore in
      if let store { return store }
      let made = try engines.openLocal(options)
      store = made
      return made
    }
  }

  /// Whether the data directory's database is open or exists: when it does not, nobody can be
  /// signed in here, and that is known without creating it.
  package var localDatabaseExists: Bool {
    if opened.withLock({ $0 != nil }) { return true }
    var info = stat()
    return stat(dataDirectory + "/" + engines.localFileName, &info) == 0
  }

  /// Whether the shared state is in a shared database rather than the data directory.
  package var isShared: Bool { sharedDatabase != nil }

  /// Where the shared state lives, for `service.info`: the local engine and its file's name in
  /// the data directory, or the shared engine and the database's address without its password.
  package var sharedStateLocation: (kind: String, location: String) {
    guard let sharedDatabase else { return (engines.localKind, engines.localFileName) }
    return (engines.sharedKind, engines.redacted(sharedDatabase))
  }

  /// The shared database's store, connected (and migrated) on first use; a failure is not kept,
  /// so the next request tries again.
  package func sharedStore() throws(StorageError) -> (any SharedStore)? {
    guard let sharedDatabase else { return nil }
    return try shared.withLock {
      (store: inout (any SharedStore)?) throws(StorageError) -> any SharedStore in
      if let store { return store }
      let made = try engines.connectShared(sharedDatabase, options.clock)
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
  /// Watches of every store a change may come from: the data directory's (catalog snapshots,
  /// and the favourites when they are kept there), and the shared database's when there is one.
  package func changeWatches() -> [any ChangeWatch] {
    [engines.watchLocal(dataDirectory, sharedDatabase == nil)]
      + (sharedDatabase.map { [engines.watchShared($0)] } ?? [])
  }

  /// The image cache's index and files.
  package func imageIndex() throws(StorageError) -> any ImageIndexStore { try local() }
}
