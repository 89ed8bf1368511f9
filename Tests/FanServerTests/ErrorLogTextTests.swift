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
  func storageConditions(error: StorageError) {
    let text = ErrorMapping.logText(for: error)
    #expect(text == ErrorMapping.jsonRPCError(for: error, log: DiagnosticLog(level: .off)).message)
    #expect(text.hasPrefix("Storage unavailable: "))
    #expect(!text.contains("path:"), "\(text)")
  }

  @Test("any other error is logged as it describes itself")
  func otherErrors() {
    let error = StorageError.internalFailure(detail: "no such table: x", statement: "SELECT 1")
    #expect(ErrorMapping.logText(for: error) == String(describing: error))
  }
}
