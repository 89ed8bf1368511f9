/// The storage engines a service is built with.
///
/// What opens a data directory's store, what connects to a shared database, and the few things
/// only an engine knows. The executable's
/// wiring chooses them (`StorageEngines.standard`: SQLite and PostgreSQL), so that nothing above
/// storage names an engine.
package struct StorageEngines: Sendable, Equatable {
  /// Names the choice, for comparing configurations.
  package var name: String
  /// The local engine's name, as `service.info` gives it (`sqlite`).
  package var localKind: String
  /// The shared engine's name, as `service.info` gives it (`postgres`).
  package var sharedKind: String
  /// The name of the local store's file in the data directory.
  package var localFileName: String
  /// Opens (and creates or migrates) a data directory's store.
  package var openLocal:
    @Sendable (_ options: LocalStoreOptions) throws(StorageError) -> any LocalStore
  /// Connects to (and creates or migrates) the shared database at `url`.
  package var connectShared:
    @Sendable (_ url: String, _ clock: @escaping @Sendable () -> Int64) throws(StorageError) ->
      any SharedStore
  /// A reader of the catalog snapshots kept in `directory`.
  package var snapshots:
    @Sendable (_ directory: String, _ checkpointsOnClose: Bool) -> any SnapshotReader
  /// A shared database's address without its password, for messages and logs.
  package var redacted: @Sendable (_ url: String) -> String
  /// Runs `body` with a new `WriteGroup`: the writes given its handle share one transaction
  /// (on a store that shares commits; on PostgreSQL each commits on its own), committed once
  /// `body` has returned; throws when the commit failed, and then nothing written in the group
  /// was kept.
  package var sharingCommit:
    @Sendable (_ body: (WriteGroup) async -> Void) async throws(StorageError) -> Void
  /// A watch of the data directory's store in `directory`: catalog snapshots, and favourites
  /// when `holdsFavorites` (no shared database).
  package var watchLocal: @Sendable (_ directory: String, _ holdsFavorites: Bool) -> any ChangeWatch
  /// A watch of the favourites in the shared database at `url`.
  package var watchShared: @Sendable (_ url: String) -> any ChangeWatch

  /// Engines made of these parts.
  package init(
    name: String, localKind: String, sharedKind: String, localFileName: String,
    openLocal: @escaping @Sendable (LocalStoreOptions) throws(StorageError) -> any LocalStore,
    connectShared:
      @escaping @Sendable (String, @escaping @Sendable () -> Int64)
      throws(StorageError) -> any SharedStore,
    snapshots: @escaping @Sendable (String, Bool) -> any SnapshotReader,
    redacted: @escaping @Sendable (String) -> String,
    sharingCommit:
      @escaping @Sendable ((WriteGroup) async -> Void) async throws(StorageError) -> Void,
    watchLocal: @escaping @Sendable (String, Bool) -> any ChangeWatch,
    watchShared: @escaping @Sendable (String) -> any ChangeWatch
  ) {
    self.name = name
    self.localKind = localKind
    self.sharedKind = sharedKind
    self.localFileName = localFileName
    self.openLocal = openLocal
    self.connectShared = connectShared
    self.snapshots = snapshots
    self.redacted = redacted
    self.sharingCommit = sharingCommit
    self.watchLocal = watchLocal
    self.watchShared = watchShared
  }

  /// Two choices are the same when they have the same name.
  package static func == (lhs: StorageEngines, rhs: StorageEngines) -> Bool {
    lhs.name == rhs.name
  }
}
