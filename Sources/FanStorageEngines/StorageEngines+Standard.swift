import FanPostgres
import FanSQLite
import FanStorage

extension StorageEngines {
  /// bbfan's engines: SQLite for the data directory, PostgreSQL for a shared database.
  package static let standard = StorageEngines(
    name: "sqlite+postgres", localKind: "sqlite", sharedKind: "postgres",
    localFileName: SQLiteStore.fileName,
    openLocal: { options throws(StorageError) in
      try SQLiteStore(
        directory: options.directory, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
        clock: options.clock, checkpointsOnClose: options.checkpointsOnClose)
    },
    connectShared: { url, clock throws(StorageError) in try PostgresStore(url: url, clock: clock) },
    snapshots: { directory, checkpointsOnClose in
      SQLiteSnapshotReader(directory: directory, checkpointsOnClose: checkpointsOnClose)
    },
    redacted: { PostgresConnection.redacted($0) },
    sharingCommit: { body throws(StorageError) in try await WriteGroup.run(body) },
    watchLocal: { SQLiteChangeWatch(directory: $0, holdsFavorites: $1) },
    watchShared: { PostgresChangeWatch(url: $0) })
}
