import Foundation

/// Another process (Python's `sqlite3`) holding a database's write lock (`BEGIN IMMEDIATE`)
/// until `release()`, as a busy bbfan process would.
package final class WriteLockHolder {
  private let process = Process()
  private let input = Pipe()

  /// Starts the holder on the database at `path` and returns once it holds the lock.
  package init(path: String) throws {
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import sqlite3, sys
      c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
      c.execute('BEGIN IMMEDIATE')
      print('locked', flush=True)
      sys.stdin.read()
      c.execute('ROLLBACK')
      """,
      path,
    ]
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line.hasPrefix("locked") else {
      release()
      throw HolderError(message: "python3 could not lock \(path): \(line)")
    }
  }

  /// Ends the transaction and the process.
  package func release() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// Why the holder could not start.
  package struct HolderError: Error, CustomStringConvertible {
    /// What went wrong.
    package var message: String
    /// The message.
    package var description: String { message }
  }
}
