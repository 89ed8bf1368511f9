internal import CSQLite
import FanStorage
import POSIXSupport

/// One SQLite connection.
///
/// It is not thread-safe on its own: `SQLiteStore`, an actor, owns it.
///
/// Statements take bound parameters only; no SQL is ever built from values.
final class SQLiteConnection {
  /// The SQLite library, loaded by the first connection of the process.
  private let sqlite: LibSQLite3
  private var handle: OpaquePointer?
  /// Prepared statements by SQL text: preparing costs more than running a small statement.
  private var statements: [String: OpaquePointer] = [:]
  let path: String

  /// The size past which a write-ahead log left for the next process is copied into the
  /// database on close: 100 pages of 4 KiB (reading that much to open the database costs a
  /// fraction of a millisecond; SQLite's own checkpoint point, 1,000 pages, about two).
  private static let leftLogLimitBytes = 100 * 4096

  /// The size of the write-ahead log of the database at `path`; 0 when it has none.
  private static func logBytes(of path: String) -> Int {
    var status = stat()
    return stat(path + "-wal", &status) == 0 ? Int(status.st_size) : 0
  }

  /// How long a statement waits for another connection's lock before it fails as `busy`.
  let busyTimeoutMilliseconds: Int

  /// Opens (creating if needed) the database at `path`.
  ///
  /// Without `checkpointsOnClose`, closing the last connection to the database leaves its
  /// write-ahead log for the next process (see `SQLiteStore.init`).
  init(path: String, busyTimeoutMilliseconds: Int, checkpointsOnClose: Bool = true)
    throws(StorageError)
  {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    switch LibSQLite3.shared {
    case .success(let library): sqlite = library
    case .failure(let problem):
      throw .missingLibrary(path: path, detail: problem.description)
    }
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite.openV2(path, &handle, flags, nil)
    guard result == SQLITE_OK, let handle else {
      let failure =
        handle.map { error(sqlite.extendedErrcode($0), "open") }
        ?? .cannotOpen(path: path, detail: "out of memory")
      _ = sqlite.close(handle)
      handle = nil
      throw failure
    }
    _ = sqlite.busyTimeout(handle, Int32(clamping: busyTimeoutMilliseconds))
    _ = sqlite.extendedResultCodes(handle, 1)
    // Only a saving: a connection that cannot set it checkpoints on close, as by default. A log
    // left for the next process is never restarted (each process that opens the database reads
    // all of it, and loses what earlier ones had copied into the database), so once it has grown
    // past `leftLogLimitBytes` this connection copies it in on close after all, which also
    // removes it when no other connection has the database open.
    if !checkpointsOnClose, Self.logBytes(of: path) < Self.leftLogLimitBytes {
      _ = bbfan_sqlite3_no_checkpoint_on_close(sqlite.dbConfig, handle)
    }
  }

  deinit {
    for statement in statements.values { _ = sqlite.finalize(statement) }
    _ = sqlite.closeV2(handle)
  }

  /// Runs SQL that returns no rows and takes no parameters (schema, pragmas, ROLLBACK).
  func execute(_ sql: String) throws(StorageError) {
    var error: UnsafeMutablePointer<CChar>?
    let result = sqlite.exec(handle, sql, nil, nil, &error)
    if result != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? LibSQLite3.string(sqlite.errstr(result))
      sqlite.free(error)
      throw classified(sqlite.extendedErrcode(handle), message, sql)
    }
  }

  /// Runs `sql` like `execute`, but when SQLite answers busy at once, without waiting (as
  /// `PRAGMA journal_mode = WAL` does while another process is opening the same new database),
  /// tries again until the busy timeout has passed, as a write would wait.
  func executeWaitingForLocks(_ sql: String) throws(StorageError) {
    let deadline = Self.monotonicMilliseconds() + Int64(busyTimeoutMilliseconds)
    var pause: Int64 = 1
    while true {
      do {
        try execute(sql)
        return
      } catch {
        guard case .busy = error, Self.monotonicMilliseconds() + pause < deadline else {
          throw error
        }
        usleep(useconds_t(pause * 1000))
        pause = min(pause * 2, 50)
      }
    }
  }

  /// Prepares `sql`, binds `parameters` (1-based, in order), and returns every row.
  @discardableResult
  func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(StorageError)
    -> [[SQLiteValue]]
  {
    let statement: OpaquePointer
    if let cached = statements[sql] {
      statement = cached
    } else {
      var made: OpaquePointer?
      let prepared = sqlite.prepareV3(
        handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil)
      guard prepared == SQLITE_OK, let made else { throw error(prepared, sql) }
      statements[sql] = made
      statement = made
    }
    defer {
      _ = sqlite.reset(statement)
      _ = sqlite.clearBindings(statement)
    }
    for (index, parameter) in parameters.enumerated() {
      let position = Int32(index + 1)
      let result: Int32
      switch parameter {
      case .null: result = sqlite.bindNull(statement, position)
      case .integer(let value): result = sqlite.bindInt64(statement, position, value)
      case .real(let value): result = sqlite.bindDouble(statement, position, value)
      case .text(let value):
        // By its byte count, so a NUL inside never cuts the string short.
        var text = value
        result = text.withUTF8 { bytes in
          guard let start = bytes.baseAddress, !bytes.isEmpty else {
            // A null pointer would bind NULL.
            return sqlite.bindText64(
              statement, position, "", 0, LibSQLite3.transient, UInt8(SQLITE_UTF8))
          }
          return UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            sqlite.bindText64(
              statement, position, $0, sqlite3_uint64(bytes.count), LibSQLite3.transient,
              UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let value):
        result = value.withUnsafeBytes { bytes in
          guard let start = bytes.baseAddress, !bytes.isEmpty else {
            return sqlite.bindZeroblob(statement, position, 0)
          }
          return sqlite.bindBlob64(
            statement, position, start, sqlite3_uint64(bytes.count), LibSQLite3.transient)
        }
      }
      guard result == SQLITE_OK else { throw error(result, sql) }
    }
    var rows: [[SQLiteValue]] = []
    while true {
      let step = sqlite.step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw error(step, sql) }
      let columns = sqlite.columnCount(statement)
      rows.append((0..<columns).map { column(statement, $0) })
    }
    return rows
  }

  /// The number of rows the last statement changed.
  var changes: Int { Int(sqlite.changes(handle)) }

  /// Whether a transaction is open (SQLite rolls one back by itself after some errors, such as
  /// a full disk).
  var isInTransaction: Bool { sqlite.getAutocommit(handle) == 0 }

  private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
    switch sqlite.columnType(statement, index) {
    case SQLITE_INTEGER: return .integer(sqlite.columnInt64(statement, index))
    case SQLITE_FLOAT: return .real(sqlite.columnDouble(statement, index))
    case SQLITE_TEXT:
      // By its byte count, as it was bound.
      guard let text = sqlite.columnText(statement, index) else { return .text("") }
      let count = Int(sqlite.columnBytes(statement, index))
      return .text(
        String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite.columnBytes(statement, index))
      guard let bytes = sqlite.columnBlob(statement, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  private func error(_ code: Int32, _ sql: String) -> StorageError {
    classified(code, LibSQLite3.string(sqlite.errmsg(handle)), sql)
  }

  private func classified(_ code: Int32, _ message: String, _ sql: String) -> StorageError {
    .sqlite(
      code, systemErrno: sqlite.systemErrno(handle), message: message, path: path,
      statement: sql, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }

  private static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}

/// A value bound to or read from a statement.
enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }

  var real: Double? {
    switch self {
    case .real(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }

  var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  var blob: [UInt8]? {
    if case .blob(let value) = self { return value }
    return nil
  }
}
