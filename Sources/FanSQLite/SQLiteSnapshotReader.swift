import FanStorage
import POSIXSupport
import Synchronization

/// Reads a data directory's catalog snapshots from its SQLite file, creating nothing; tells
/// cheaply whether anything was committed since it last looked (`PRAGMA data_version` on a
/// connection it keeps for that).
///
/// Until it keeps a connection, it answers `savedSources()` and `catalogDigest(source:)` from the
/// data directory's stamp when the stamp describes the database as it is (`SQLiteSnapshotStamp`),
/// without loading SQLite; otherwise it reads them from the database in one transaction, and
/// stamps what it read when the database has been left unchanged for `stampMargin`.
package final class SQLiteSnapshotReader: SnapshotReader {
  private let directory: String
  private let checkpointsOnClose: Bool
  /// How long the database must have been left unchanged for a stamp of it to be written; nil
  /// when stamps are neither read nor written.
  private let stampMargin: Duration?
  /// The last stamp read or written, kept to be asked again while it describes the database.
  private let stamp = Mutex<SQLiteSnapshotStamp?>(nil)
  /// The connection watched for commits, opened once the database exists, and the version it
  /// last saw.
  private let watch = Mutex<Watch?>(nil)

  private struct Watch {
    let connection: SQLiteConnection
    var version: Int64?
  }

  /// The connection the snapshots are read on, kept once the first read has opened it.
  ///
  /// A process that reads its saved refreshes and then a catalog (every one-shot call on a data
  /// directory with a saved refresh) opens the database, and SQLite reads its schema, once. It
  /// is opened only once the database exists, and dropped after a failed read and by
  /// `lookAgain()`, so that the next read opens it anew.
  private let reads = Mutex<SQLiteConnection?>(nil)

  /// Set by `lookAgain()`, cleared by the next `mayHaveChanged()`.
  private let again = Atomic<Bool>(false)

  /// Makes the next `mayHaveChanged()` true, on a connection opened anew.
  package func lookAgain() {
    watch.withLock { $0 = nil }
    reads.withLock { $0 = nil }
    again.store(true, ordering: .relaxed)
  }

  /// Whether a look is due again.
  package var looksAgain: Bool { again.load(ordering: .relaxed) }

  /// The least time a database is left unchanged before a stamp of it is written: more than
  /// the steps of any file system's times (a kernel tick; two seconds on the coarsest).
  package static let standardStampMargin: Duration = .seconds(2)

  /// A reader of the snapshots in `directory`; `stampMargin` nil reads and writes no stamps.
  package init(
    directory: String, checkpointsOnClose: Bool,
    stampMargin: Duration? = SQLiteSnapshotReader.standardStampMargin
  ) {
    self.directory = directory
    self.checkpointsOnClose = checkpointsOnClose
    self.stampMargin = stampMargin
  }

  /// Every snapshot's source key and refresh time.
  package func savedSources() throws(StorageError) -> [String: Int64] {
    if let stamped = try stamped() { return stamped.sources }
    return try reading { connection throws(StorageError) in
      try SQLiteStore.savedCatalogSources(reading: connection)
    } ?? [:]
  }

  /// The snapshot saved for `source`.
  package func catalog(source: String) throws(StorageError) -> StoredCatalog? {
    try reading { connection throws(StorageError) in
      try SQLiteStore.readCatalog(reading: connection, source: source)
    } ?? nil
  }

  /// The refresh time and digest saved with `source`'s snapshot, without its bodies.
  package func catalogDigest(source: String) throws(StorageError) -> StoredCatalogDigest? {
    if let stamped = try stamped() { return stamped.digests[source] }
    return try reading { connection throws(StorageError) in
      try SQLiteStore.catalogDigest(reading: connection, source: source)
    } ?? nil
  }

  /// The saved refreshes as a stamp that describes the database tells them, or as one read of
  /// the database does (stamped when the database has been left unchanged long enough); nil
  /// when stamps are off, when this reader keeps a connection (it reads on it), when there is no
  /// database or its files cannot be looked at, and when its schema is not this bbfan's.
  private func stamped() throws(StorageError) -> SQLiteSnapshotStamp? {
    guard let stampMargin else { return nil }
    return try reads.withLock { (kept: inout SQLiteConnection?) throws(StorageError) in
      guard kept == nil, let files = SQLiteSnapshotStamp.files(in: directory),
        files.database != nil
      else { return nil }
      if let known = stamp.withLock({ $0 }), known.describes(files) { return known }
      if let found = SQLiteSnapshotStamp.read(in: directory), found.describes(files) {
        stamp.withLock { $0 = found }
        return found
      }
      let connection = try SQLiteConnection(
        path: directory + "/" + SQLiteStore.fileName,
        busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
        checkpointsOnClose: checkpointsOnClose)
      kept = connection
      let read: SQLiteSnapshotStamp?
      do throws(StorageError) {
        read = try SQLiteStore.snapshotStamp(reading: connection, files: files)
      } catch {
        kept = nil
        throw error
      }
      guard let read else { return nil }
      if files.stampable(margin: stampMargin) {
        do throws(StorageError) {
          try read.write(in: directory)
          stamp.withLock { $0 = read }
        } catch {
          // Not written (a data directory this user cannot write): the next process reads the
          // database too, as without stamps.
        }
      }
      return read
    }
  }

  /// `body` on the kept read connection; nil, opening nothing, while the database does not
  /// exist.
  private func reading<Value: Sendable>(
    _ body: (SQLiteConnection) throws(StorageError) -> Value
  ) throws(StorageError) -> Value? {
    let path = directory + "/" + SQLiteStore.fileName
    return try reads.withLock { (kept: inout SQLiteConnection?) throws(StorageError) -> Value? in
      if kept == nil {
        guard access(path, F_OK) == 0 else { return nil }
        kept = try SQLiteConnection(
          path: path, busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
          checkpointsOnClose: checkpointsOnClose)
      }
      guard let connection = kept else { return nil }
      do throws(StorageError) {
        return try body(connection)
      } catch {
        kept = nil
        throw error
      }
    }
  }

  /// Whether a commit happened since the last call.
  ///
  /// SQLite's data version changes when another connection commits; it is read on a connection
  /// kept open for it. True the first time,
  /// while the database does not exist, and when the version cannot be read.
  package func mayHaveChanged() -> Bool {
    let path = directory + "/" + SQLiteStore.fileName
    let due = again.exchange(false, ordering: .relaxed)
    return watch.withLock { (watch: inout Watch?) -> Bool in
      if watch == nil {
        guard access(path, F_OK) == 0 else { return true }
        do {
          let connection = try SQLiteConnection(
            path: path, busyTimeoutMilliseconds: StorageDefaults.busyTimeoutMilliseconds,
            checkpointsOnClose: checkpointsOnClose)
          watch = Watch(connection: connection, version: nil)
        } catch {
          // The reads that follow open the database again and report what is wrong with it.
          return true
        }
      }
      let version = watch.flatMap { Self.dataVersion($0.connection) }
      let changed = due || version == nil || version != watch?.version
      watch?.version = version
      return changed
    }
  }

  /// The connection's `PRAGMA data_version`; nil when it cannot be read (the caller then reads
  /// the snapshots, as it would without the check).
  private static func dataVersion(_ connection: SQLiteConnection) -> Int64? {
    do {
      return try connection.query("PRAGMA data_version", []).first?[0].integer
    } catch {
      return nil
    }
  }
}
