import FanStorage
import POSIXSupport

/// What a data directory's saved refreshes were, kept in a small file beside the database with
/// the state its files were in (`bbfan.sqlite3-stamp`): the seam through which a one-shot call
/// finds the last good refresh without loading SQLite and opening the database.
///
/// A stamp counts only while the database and its write-ahead log are the very files it names,
/// of the size and with the modification times it names: every commit changes one of them (a
/// commit appends to the log or writes the database; a checkpoint writes the database; a restart
/// of the log writes it), so a stamp that matches describes what a read of the database would
/// find. (Not the change times: SQLite running as root gives the log its owner again each time
/// it opens it, which changes its change time and nothing else.) An empty log counts as none: it
/// holds nothing, and a commit makes it grow. A database that is not a regular file (a symbolic
/// link, whose log SQLite names after its target) is never stamped.
///
/// The states are taken before the database is read, so a commit during the read leaves a stamp
/// that no later state matches. A file's times tick in steps (a kernel tick; a second or two on
/// some file systems), so two commits in the same step may leave the same times: a stamp is
/// therefore written only when both files were last modified more than a margin before their
/// states were taken, and any commit after that is in a later step and changes the times. That
/// holds while the clock does not go back: a stamp is not believed while the clock is earlier
/// than when its states were taken (an NTP step, a virtual machine resumed).
struct SQLiteSnapshotStamp: Sendable, Equatable {
  /// One file's identity, size and modification time.
  struct FileState: Sendable, Equatable {
    /// The device: another file put in its place differs in it or in the inode.
    var device: UInt64
    /// The inode.
    var inode: UInt64
    /// The size in bytes.
    var size: Int64
    /// The modification time: seconds since 1970.
    var seconds: Int64
    /// The modification time: nanoseconds within the second.
    var nanoseconds: Int64

    /// The modification time.
    var modified: Duration { .seconds(seconds) + .nanoseconds(nanoseconds) }
  }

  /// The database's and its log's states, and when they were taken.
  struct Files: Sendable, Equatable {
    /// The database file; nil when there is none.
    var database: FileState?
    /// The write-ahead log; nil when there is none, or it is empty.
    var log: FileState?
    /// When the states were taken (before either), since 1970.
    var takenAt: Duration

    /// Whether a stamp of these states may be written: the database exists, and neither file
    /// was modified in the `margin` before the states were taken.
    func stampable(margin: Duration) -> Bool {
      guard let database else { return false }
      let last = max(database.modified, log?.modified ?? .zero)
      return last < takenAt - margin
    }
  }

  /// The name of the stamp's file in the data directory.
  static let fileName = SQLiteStore.fileName + "-stamp"

  /// The first line of a stamp: its format and the schema of the database it describes.
  static let header = "bbfan sqlite3-stamp 2 schema \(SQLiteStore.schemaVersion)"

  /// The largest stamp read (a stamp of a few universes' refreshes holds a few hundred bytes).
  static let largestStamp = 64 << 10

  /// The database file as the stamp found it.
  var database: FileState
  /// When the states were taken (`Files.takenAt`).
  var takenAt: Duration
  /// The write-ahead log, nil when there was none (or it was empty).
  var log: FileState?
  /// Every saved refresh's source key and refresh time (`SnapshotReader.savedSources`).
  var sources: [String: Int64]
  /// The digest that counts for each source's snapshot (`SnapshotReader.catalogDigest`).
  var digests: [String: StoredCatalogDigest]

  /// Whether this stamp describes the database as `files` found it, at a time no earlier than
  /// its own.
  func describes(_ files: Files) -> Bool {
    files.database == database && files.log == log && files.takenAt >= takenAt
  }
}

extension SQLiteSnapshotStamp {
  /// A file whose state cannot be told, or that is not a regular file.
  struct Unknown: Error {}

  /// The state of the regular file at `path`, not followed if it is a symbolic link; nil when
  /// there is none.
  ///
  /// A failure when it cannot be told (no permission to look) or is not a regular file: a stamp
  /// is then neither read nor written.
  static func state(of path: String) -> Result<FileState?, Unknown> {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      return errno == ENOENT ? .success(nil) : .failure(Unknown())
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Unknown()) }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return .success(
      FileState(
        device: UInt64(truncatingIfNeeded: info.st_dev),
        inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int64(info.st_size),
        seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec)))
  }

  /// The states of the database in `directory` and of its log, taken now; nil when either cannot
  /// be told.
  static func files(in directory: String) -> Files? {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let path = directory + "/" + SQLiteStore.fileName
    guard case .success(let database) = state(of: path),
      case .success(let log) = state(of: path + "-wal")
    else { return nil }
    return Files(
      database: database, log: log.flatMap { $0.size == 0 ? nil : $0 },
      takenAt: .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec)))
  }

  /// The stamp in `directory`; nil when there is none, or it cannot be read, or it is not a whole
  /// stamp of this format and schema.
  static func read(in directory: String) -> Self? {
    guard
      case .success(let bytes) = POSIXIO.readFile(
        directory + "/" + fileName, atMost: largestStamp)
    else { return nil }
    return Self(bytes: bytes)
  }

  /// Writes this stamp in `directory`, replacing any, by a rename (a reader finds the old stamp or
  /// the new one, whole); only when it reads back as itself (every key and digest fits its line,
  /// and each digest is of its source's refresh).
  ///
  /// 0600, as the data directory's other files, and not synced: a stamp cut short by a power
  /// cut does not read (its checksum). A stamp is a cache: a caller that cannot write one reads
  /// the database the next time, as it would without stamps.
  func write(in directory: String) throws(StorageError) {
    let bytes = Array(text.utf8)
    guard Self(bytes: bytes) == self else {
      throw .cannotOpen(
        path: directory + "/" + Self.fileName,
        detail: "a key or digest of the saved refreshes cannot be written on a stamp's line")
    }
    try StorageFiles.writeAtomically(bytes, to: directory + "/" + Self.fileName, synced: false)
  }
}
