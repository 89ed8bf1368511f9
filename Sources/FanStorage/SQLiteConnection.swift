internal import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One SQLite connection.
///
/// It is not thread-safe on its own: `FanStore`, an actor, owns it.
///
/// Statements take bound parameters only; no SQL is ever built from values.
final class SQLiteConnection {
  private var handle: OpaquePointer?
  /// Prepared statements by SQL text: preparing costs more than running a small statement.
  private var statements: [String: OpaquePointer] = [:]
  let path: String

  /// Opens (creating if needed) the database at `path`.
  init(path: String, busyTimeoutMilliseconds: Int32) throws(StorageError) {
    self.path = path
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let result = sqlite3_open_v2(path, &handle, flags, nil)
    guard result == SQLITE_OK, handle != nil else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      handle = nil
      throw .cannotOpen(path: path, reason: message)
    }
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    sqlite3_extended_result_codes(handle, 1)
  }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs SQL that returns no rows and takes no parameters (schema, pragmas, BEGIN/COMMIT).
  func execute(_ sql: String) throws(StorageError) {
    var error: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &error)
    if result != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
      sqlite3_free(error)
      throw .sqlite(code: result, message: message, statement: sql)
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
      case .text(let value):
        result = sqlite3_bind_text(statement, position, value, -1, Self.transient)
      case .blob(let value):
        result = value.withUnsafeBytes {
          sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient)
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

  private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(statement, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
    case SQLITE_TEXT:
      guard let text = sqlite3_column_text(statement, index) else { return .null }
      return .text(String(cString: text))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, index))
      guard let bytes = sqlite3_column_blob(statement, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  private func error(_ code: Int32, _ sql: String) -> StorageError {
    .sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), statement: sql)
  }

  /// SQLITE_TRANSIENT: SQLite copies bound text and blobs.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value bound to or read from a statement.
enum SQLiteValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case text(String)
  case blob([UInt8])

  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
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
