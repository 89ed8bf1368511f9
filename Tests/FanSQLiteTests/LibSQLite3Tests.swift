import CSQLite
import Testing

@testable import FanSQLite

@Suite("libsqlite3, loaded on demand")
struct LibSQLite3Tests {
  @Test("the system's libsqlite3 loads with every function, and they run a statement")
  func loadsSystemLibrary() throws {
    let sqlite = try LibSQLite3.load(from: LibSQLite3.candidates).get()
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
    try #require(sqlite.openV2(":memory:", &handle, flags, nil) == SQLITE_OK)
    defer { _ = sqlite.closeV2(handle) }
    #expect(bbfan_sqlite3_no_checkpoint_on_close(sqlite.dbConfig, handle) == SQLITE_OK)
    #expect(sqlite.exec(handle, "CREATE TABLE t (n INTEGER, s TEXT)", nil, nil, nil) == SQLITE_OK)
    var statement: OpaquePointer?
    try #require(
      sqlite.prepareV3(handle, "INSERT INTO t VALUES (?, ?)", -1, 0, &statement, nil) == SQLITE_OK)
    #expect(sqlite.bindInt64(statement, 1, 42) == SQLITE_OK)
    // Transient: SQLite copies the text before the call returns.
    #expect(
      sqlite.bindText64(statement, 2, "Heisenberg", 10, LibSQLite3.transient, UInt8(SQLITE_UTF8))
        == SQLITE_OK)
    #expect(sqlite.step(statement) == SQLITE_DONE)
    #expect(sqlite.finalize(statement) == SQLITE_OK)
    #expect(sqlite.changes(handle) == 1)
    try #require(
      sqlite.prepareV3(handle, "SELECT n, s FROM t", -1, 0, &statement, nil) == SQLITE_OK)
    #expect(sqlite.step(statement) == SQLITE_ROW)
    #expect(sqlite.columnCount(statement) == 2)
    #expect(sqlite.columnInt64(statement, 0) == 42)
    let text = try #require(sqlite.columnText(statement, 1))
    #expect(String(cString: text) == "Heisenberg")
    #expect(sqlite.finalize(statement) == SQLITE_OK)
  }

  #if os(Linux)
    @Test("a library that is not libsqlite3 is refused, naming it and the missing function")
    func refusesOtherLibrary() {
      guard case .failure(let problem) = LibSQLite3.load(from: ["libz.so.1"]) else {
        Issue.record("libz was taken for libsqlite3")
        return
      }
      #expect(
        problem.description
          == "libz.so.1, loaded as libsqlite3, has no sqlite3_open_v2: it is not a libsqlite3 "
          + "bbfan can use (Debian and Ubuntu: apt-get install libsqlite3-0; macOS: part of the "
          + "system, or brew install sqlite; or set BBFAN_LIBSQLITE3 to its path)")
    }
  #endif

  @Test("none found: the failure says what needs it, what to install and what was tried")
  func missingLibrary() {
    guard case .failure(let problem) = LibSQLite3.load(from: ["/nonexistent/libsqlite3.so.0"])
    else {
      Issue.record("a library that does not exist loaded")
      return
    }
    #expect(
      problem.description.hasPrefix(
        "the data directory's database (SQLite) needs libsqlite3, which is not installed"))
    #expect(problem.description.contains("apt-get install libsqlite3-0"))
    #expect(problem.description.contains("BBFAN_LIBSQLITE3"))
    #expect(problem.description.contains("/nonexistent/libsqlite3.so.0"))
  }
}
