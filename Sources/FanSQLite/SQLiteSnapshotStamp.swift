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
/// it opens it, which changes its change time and nothing else.) The states are taken before the database is read, so a commit during
/// the read leaves a stamp that no later state matches.
///
/// A file's times tick in steps (a kernel tick; a second or two on some file systems), so two
/// commits in the same step may leave the same times. A stamp is therefore written only when
/// both files were last changed more than `margin` before their states were taken: any commit
/// after that is in a later step, and changes the times.
struct SQLiteSnapshotStamp: Sendable, Equatable {
  /// One file's identity, size and modification time; nil stands for a file that does not
  /// exist.
  struct FileState: Sendable, Equatable {
    /// The device and inode: another file put in its place differs.
    var device: UInt64
    /// The inode.
    var inode: UInt64
    /// The size in bytes.
    var size: Int64
    /// The modification time, nanoseconds since 1970.
    var modified: Int64
  }

  /// The database's and its log's states, and when they were taken.
  struct Files: Sendable, Equatable {
    /// The database file; nil when there is none.
    var database: FileState?
    /// The write-ahead log; nil when there is none.
    var log: FileState?
    /// When the states were taken (before either), nanoseconds since 1970.
    var takenAt: Int64

    /// Whether a stamp of these states may be written: the database exists, and neither file
    /// has changed in the `margin` (nanoseconds) before the states were taken.
    func stampable(margin: Int64) -> Bool {
      guard let database else { return false }
      let last = max(database.modified, log?.modified ?? .min)
      return last < takenAt - margin
    }
  }

  /// The name of the stamp's file in the data directory.
  static let fileName = SQLiteStore.fileName + "-stamp"

  /// The first line of a stamp: its format and the schema of the database it describes.
  static let header = "bbfan sqlite3-stamp 1 schema \(SQLiteStore.schemaVersion)"

  /// The largest stamp read (a stamp of a few universes' refreshes holds a few hundred bytes).
  static let largestStamp = 64 << 10

  /// The files the stamp describes.
  var database: FileState
  /// The write-ahead log, nil when there was none.
  var log: FileState?
  /// Every saved refresh's source key and refresh time (`SnapshotReader.savedSources`).
  var sources: [String: Int64]
  /// The digest that counts for each source's snapshot (`SnapshotReader.catalogDigest`).
  var digests: [String: StoredCatalogDigest]

  /// Whether this stamp describes the database as `files` found it.
  func describes(_ files: Files) -> Bool {
    files.database == database && files.log == log
  }
}

extension SQLiteSnapshotStamp.FileState {
  /// The state of the file at `path`; nil when there is none.
  ///
  /// A failure when it cannot be told (no permission to look): a stamp is then neither read nor
  /// written.
  static func of(_ path: String) -> Result<Self?, SQLiteSnapshotStamp.Unknown> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return errno == ENOENT ? .success(nil) : .failure(SQLiteSnapshotStamp.Unknown())
    }
    return .success(
      Self(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
        modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
  }

  /// The state as a stamp's line keeps it: four decimal numbers.
  var fields: String { "\(device) \(inode) \(size) \(modified)" }

  /// The state of a stamp's line's four numbers; nil when they are not.
  init?(fields: [Substring]) {
    guard fields.count == 4, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
      let size = Int64(fields[2]), let modified = Int64(fields[3])
    else { return nil }
    self.init(device: device, inode: inode, size: size, modified: modified)
  }
}

extension SQLiteSnapshotStamp {
  /// A file whose state cannot be told.
  struct Unknown: Error {}

  /// The states of the database in `directory` and of its log, taken now; nil when either cannot
  /// be told.
  static func files(in directory: String) -> Files? {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let path = directory + "/" + SQLiteStore.fileName
    guard case .success(let database) = FileState.of(path),
      case .success(let log) = FileState.of(path + "-wal")
    else { return nil }
    return Files(
      database: database, log: log,
      takenAt: Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))
  }

  /// The stamp in `directory`; nil when there is none, or it cannot be read, or it is not a whole
  /// stamp of this format and schema.
  static func read(in directory: String) -> Self? {
    guard
      case .success(let bytes) = POSIXIO.readFile(
        directory + "/" + fileName, atMost: largestStamp)
    else { return nil }
    return Self(text: String(decoding: bytes, as: UTF8.self))
  }

  /// The stamp `text` holds; nil unless it is a whole stamp of this format and schema, whose
  /// last line's checksum is its other lines'.
  init?(text: String) {
    guard text.hasSuffix("\n"), let lastBreak = text.dropLast().lastIndex(of: "\n") else {
      return nil
    }
    let body = text[...lastBreak]
    let end = text[text.index(after: lastBreak)...].dropLast()
    guard end == "end " + Self.checksum(of: body) else { return nil }
    var lines = body.split(separator: "\n")[...]
    guard lines.popFirst() == Substring(Self.header), let first = lines.popFirst(),
      let second = lines.popFirst()
    else { return nil }
    let databaseFields = first.split(separator: " ")
    guard databaseFields.first == "database",
      let database = FileState(fields: Array(databaseFields.dropFirst()))
    else { return nil }
    let logFields = second.split(separator: " ")
    var log: FileState?
    if logFields != ["log", "-"] {
      guard logFields.first == "log", let state = FileState(fields: Array(logFields.dropFirst()))
      else { return nil }
      log = state
    }
    var sources: [String: Int64] = [:]
    var digests: [String: StoredCatalogDigest] = [:]
    for line in lines {
      // refresh REFRESHED_AT DIGEST-OR-DASH KEY (the key last: it holds a space)
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
      guard fields.count == 4, fields[0] == "refresh", let refreshedAt = Int64(fields[1]),
        !fields[2].isEmpty, !fields[3].isEmpty
      else { return nil }
      let key = String(fields[3])
      guard sources.updateValue(refreshedAt, forKey: key) == nil else { return nil }
      if fields[2] != "-" {
        digests[key] = StoredCatalogDigest(refreshedAt: refreshedAt, digest: String(fields[2]))
      }
    }
    self.init(database: database, log: log, sources: sources, digests: digests)
  }

  /// The stamp as its file holds it; nil when a key or digest cannot be written on its line
  /// (a line break in a key, a space or nothing in a digest, or a dash for one): no stamp is
  /// written then.
  var text: String? {
    var text = Self.header + "\n"
    text += "database " + database.fields + "\n"
    text += "log " + (log?.fields ?? "-") + "\n"
    for (key, refreshedAt) in sources.sorted(by: { $0.key < $1.key }) {
      guard !key.isEmpty, !key.contains(where: \.isNewline) else { return nil }
      var digestField = "-"
      if let digest = digests[key] {
        guard digest.refreshedAt == refreshedAt, !digest.digest.isEmpty, digest.digest != "-",
          !digest.digest.contains(where: { $0 == " " || $0.isNewline })
        else { return nil }
        digestField = digest.digest
      }
      text += "refresh \(refreshedAt) \(digestField) \(key)\n"
    }
    return text + "end " + Self.checksum(of: text[...]) + "\n"
  }

  /// The 64-bit FNV-1a hash of `text`'s UTF-8, in hexadecimal: the last line of a stamp, so that
  /// a stamp cut short or damaged (a power cut before the file reached the disk) is not read.
  static func checksum(of text: Substring) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// Writes this stamp in `directory`, replacing any, in one rename (a reader finds the old
  /// stamp or the new one, whole); nil when written, else why not.
  ///
  /// 0600, as the data directory's other files. A stamp is a cache: a caller that cannot write
  /// one reads the database the next time, as it would without stamps.
  func write(in directory: String) -> String? {
    guard let text else { return "a key or digest cannot be written on a stamp's line" }
    let path = directory + "/" + Self.fileName
    let temporary = path + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    let failure = POSIXIO.writeAll(fd, Array(text.utf8))
    close(fd)
    if failure == nil, rename(temporary, path) == 0 { return nil }
    let reason = failure ?? String(cString: strerror(errno))
    unlink(temporary)
    return reason
  }
}
