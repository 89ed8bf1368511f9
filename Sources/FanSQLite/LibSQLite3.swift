internal import CSQLite
import SharedLibrary

/// The SQLite functions the store calls, loaded with `dlopen` the first time a store is opened.
///
/// libsqlite3 is not linked: loading and relocating it (and libz with it) cost every start of
/// `bbfan` about a quarter of a millisecond, though a call on a data directory with no database
/// never opens one. Loaded on demand, only a process that opens the database pays for it. The
/// `CSQLite` module gives the types and constants of `sqlite3.h`, and each function's pointer
/// type taken from its declaration there (`bbfan_sqlite3_*_f`), so none can be declared wrong;
/// the one variadic function, `sqlite3_db_config`, is held as a raw address and called through
/// the typed wrapper of its `shim.h`.
struct LibSQLite3: @unchecked Sendable {
  let openV2: bbfan_sqlite3_open_v2_f
  let close: bbfan_sqlite3_close_f
  let closeV2: bbfan_sqlite3_close_v2_f
  let busyTimeout: bbfan_sqlite3_busy_timeout_f
  let extendedResultCodes: bbfan_sqlite3_extended_result_codes_f
  let extendedErrcode: bbfan_sqlite3_extended_errcode_f
  let systemErrno: bbfan_sqlite3_system_errno_f
  let errmsg: bbfan_sqlite3_errmsg_f
  let errstr: bbfan_sqlite3_errstr_f
  let exec: bbfan_sqlite3_exec_f
  let free: bbfan_sqlite3_free_f
  let prepareV3: bbfan_sqlite3_prepare_v3_f
  let finalize: bbfan_sqlite3_finalize_f
  let reset: bbfan_sqlite3_reset_f
  let clearBindings: bbfan_sqlite3_clear_bindings_f
  let bindNull: bbfan_sqlite3_bind_null_f
  let bindInt64: bbfan_sqlite3_bind_int64_f
  let bindDouble: bbfan_sqlite3_bind_double_f
  let bindText64: bbfan_sqlite3_bind_text64_f
  let bindBlob64: bbfan_sqlite3_bind_blob64_f
  let bindZeroblob: bbfan_sqlite3_bind_zeroblob_f
  let step: bbfan_sqlite3_step_f
  let columnCount: bbfan_sqlite3_column_count_f
  let columnType: bbfan_sqlite3_column_type_f
  let columnInt64: bbfan_sqlite3_column_int64_f
  let columnDouble: bbfan_sqlite3_column_double_f
  let columnText: bbfan_sqlite3_column_text_f
  let columnBlob: bbfan_sqlite3_column_blob_f
  let columnBytes: bbfan_sqlite3_column_bytes_f
  let changes: bbfan_sqlite3_changes_f
  let getAutocommit: bbfan_sqlite3_get_autocommit_f
  /// `sqlite3_db_config`, for `bbfan_sqlite3_no_checkpoint_on_close`.
  let dbConfig: UnsafeMutableRawPointer

  /// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before the call returns.
  ///
  /// A destructor that is not a function. The header's macro (`(sqlite3_destructor_type)-1`) is not
  /// imported, and nothing of the library is needed to make it.
  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// The text of a string SQLite returns; empty for none.
  static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// The library, loaded once per process; the failure says what to install.
  static let shared: Result<LibSQLite3, SharedLibrary.Unusable> = load(from: candidates)

  /// The file names tried in order: `$BBFAN_LIBSQLITE3` alone when set, else the platform's
  /// usual ones.
  static var candidates: [String] {
    #if canImport(Darwin)
      let names = ["libsqlite3.dylib", "/usr/lib/libsqlite3.dylib"]
    #else
      let names = ["libsqlite3.so.0", "libsqlite3.so"]
    #endif
    return SharedLibrary.candidates(overriddenBy: "BBFAN_LIBSQLITE3", else: names)
  }

  /// Loads the first of `names` that can be loaded and has every function used.
  static func load(from names: [String]) -> Result<LibSQLite3, SharedLibrary.Unusable> {
    SharedLibrary.bind(
      names, library: "libsqlite3", neededBy: "the data directory's database (SQLite)",
      install: "Debian and Ubuntu: apt-get install libsqlite3-0; macOS: part of the system, or "
        + "brew install sqlite; or set BBFAN_LIBSQLITE3", LibSQLite3.init
    )
  }

  private init(_ library: SharedLibrary) throws(SharedLibrary.MissingSymbol) {
    func symbol<F>(_ name: String) throws(SharedLibrary.MissingSymbol) -> F {
      try library.function("sqlite3_" + name)
    }
    openV2 = try symbol("open_v2")
    close = try symbol("close")
    closeV2 = try symbol("close_v2")
    busyTimeout = try symbol("busy_timeout")
    extendedResultCodes = try symbol("extended_result_codes")
    extendedErrcode = try symbol("extended_errcode")
    systemErrno = try symbol("system_errno")
    errmsg = try symbol("errmsg")
    errstr = try symbol("errstr")
    exec = try symbol("exec")
    free = try symbol("free")
    prepareV3 = try symbol("prepare_v3")
    finalize = try symbol("finalize")
    reset = try symbol("reset")
    clearBindings = try symbol("clear_bindings")
    bindNull = try symbol("bind_null")
    bindInt64 = try symbol("bind_int64")
    bindDouble = try symbol("bind_double")
    bindText64 = try symbol("bind_text64")
    bindBlob64 = try symbol("bind_blob64")
    bindZeroblob = try symbol("bind_zeroblob")
    step = try symbol("step")
    columnCount = try symbol("column_count")
    columnType = try symbol("column_type")
    columnInt64 = try symbol("column_int64")
    columnDouble = try symbol("column_double")
    columnText = try symbol("column_text")
    columnBlob = try symbol("column_blob")
    columnBytes = try symbol("column_bytes")
    changes = try symbol("changes")
    getAutocommit = try symbol("get_autocommit")
    dbConfig = try library.address(of: "sqlite3_db_config")
  }
}
