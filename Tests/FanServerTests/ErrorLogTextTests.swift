import FanServer
import FanStorage
import JSON
import JSONRPC
import Testing

@Suite("A failure that is not a reply is logged in its reply's words")
struct ErrorLogTextTests {
  @Test(
    "a condition of the data directory is logged as its reply's message, not as a Swift value",
    arguments: [
      StorageError.newerSchema(path: "/data/bbfan.sqlite3", found: 7, known: 6),
      .missingLibrary(
        path: "/data/bbfan.sqlite3", detail: "the data directory's database needs libsqlite3"),
      .corrupt(path: "/data/bbfan.sqlite3", detail: "file is not a database"),
    ])
  func storageConditions(error: StorageError) throws {
    let text = ErrorMapping.logText(for: error)
    let reply = ErrorMapping.jsonRPCError(for: error, log: DiagnosticLog(level: .off))
    let failure = try #require(reply.data?["failure"]?.stringValue)
    #expect(text.hasPrefix(reply.message + " (" + failure + ": "), "\(text)")
    #expect(text.hasPrefix("Storage unavailable: "))
    #expect(!text.contains("path:"), "\(text)")
  }

  @Test("what the system said is kept: SQLite's own words follow the message")
  func systemWords() {
    let text = ErrorMapping.logText(
      for: StorageError.corrupt(path: "/data/bbfan.sqlite3", detail: "file is not a database (26)"))
    #expect(text.hasSuffix("(corrupt: file is not a database (26))"), "\(text)")
  }

  @Test("any other error is logged as it describes itself")
  func otherErrors() {
    let error = StorageError.internalFailure(detail: "no such table: x", statement: "SELECT 1")
    #expect(ErrorMapping.logText(for: error) == String(describing: error))
  }
}
