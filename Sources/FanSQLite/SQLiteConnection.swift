internal import CSQLite
import FanStorage
import POSIXSupport

/// One SQLite connection.
///
/// It is not thread-safe on its own: `SQLiteStore`, an actor, owns it.
///
/// Statements take bound parameters only; no SQL is ever built from values.
final class SQLiteConnection {
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
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &handle, flags, nil)
    guard result == SQLITE_OK, let handle else {
      let failure =
        handle.map { error(sqlite3_extended_errcode($0), "open") }
        ?? .cannotOpen(path: path, detail: "out of memory")
      sqlite3_close(handle)
      handle = nil
      throw failure
    }
    sqlite3_busy_timeout(handle, Int32(clamping: busyTimeoutMilliseconds))
    sqlite3_extended_result_codes(handle, 1)
    // Only a saving: a connection that cannot set it checkpoints on close, as by default. A log
    // left for the next process is never restarted (each process that opens the database reads
    // all of it, and loses what earlier ones had copied into the database), so once it has grown
    // past `leftLogLimitBytes` this connection copies it in on close after all, which also
    // removes it when no other connection has the database open.
    if !checkpointsOnClose, Self.logBytes(of: path) < Self.leftLogLimitBytes {
      _ = bbfan_sqlite3_no_checkpoint_on_close(handle)
    }
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs SQL that returns no rows and takes no parameters (schema, pragmas, ROLLBACK).
  func execute(_ sql: String) throws(StorageError) {
    var error: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &error)
    if result != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
      sqlite3_free(error)
      throw classified(sqlite3_extended_errcode(handle), message, sql)
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
      let prepared = sqlite3_prepare_v3(
        handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &made, nil)
      guard prepared == SQLITE_OK, let made else { throw error(prepared, sql) }
      statements[sql] = made
      statement = made
    }
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (index, parameter) in parameters.enumerated() {
      let position = Int32(index + 1)
      let result: Int32
      switch parameter {
      case .null: result = sqlite3_bind_null(statement, position)
      case .integer(let value): result = sqlite3_bind_int64(statement, position, value)
      case .real(let value): result = sqlite3_bind_double(statement, position, value)
      case .text(let value):
        // By its byte count, so a NUL inside never cuts the string short.
        var text = value
        result = text.withUTF8 { bytes in
          guard let start = bytes.baseAddress, !bytes.isEmpty else {
            // A null pointer would bind NULL.
            return sqlite3_bind_text64(
              statement, position, "", 0, Self.transient, UInt8(SQLITE_UTF8))
          }
          return UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            sqlite3_bind_text64(
              statement, position, $0, sqlite3_uint64(bytes.count), Self.transient,
              UInt8(SQLITE_UTF8))
          }
        }
      case .blob(let value):
        result = value.withUnsafeBytes { bytes in
          guard let start = bytes.baseAddress, !bytes.isEmpty else {
            return sqlite3_bind_zeroblob(statement, position, 0)
          }
          return sqlite3_bind_blob64(
            statement, position, start, sqlite3_uint64(bytes.count), Self.transient)
        }
      }
      guard result == SQLITE_OK else { throw error(result, sql) }
    }
    var rows: [[SQLiteValue]] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw error(step, sql) }
      let columns = sqlite3_column_count(statement)
      rows.append((0..<columns).map { column(statement, $0) })
    }
    return rows
  }

  /// The number of rows the last statement changed.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether a transaction is open (SQLite rolls one back by itself after some errors, such as
  /// a full disk).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
    case SQLITE_TEXT:
      // By its byte count, as it was bound.
      guard let text = sqlite3_column_text(statement, index) else { return .text("") }
      let count = Int(sqlite3_column_bytes(statement, index))
      return .text(
        String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, index))
      guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  private func error(_ code: Int32, _ sql: String) -> StorageError {
    classified(code, String(cString: sqlite3_errmsg(handle)), sql)
  }

  private func classified(_ code: Int32, _ message: String, _ sql: String) -> StorageError {
    .sqlite(
      code, systemErrno: sqlite3_system_errno(handle), message: message, path: path,
      statement: sql, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }

  private static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// SQLITE_TRANSIENT: SQLite copies bound text and blobs.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
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
