import Foundation

/// Where `swift build` put the products the tests run.
package enum BuiltProducts {
  /// The folder of the running test bundle.
  package static let folder = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()

  /// The `bbfan` executable under test: `$BBFAN_BINARY`, else the one beside the test bundle.
  package static let bbfan: URL = {
    if let path = ProcessInfo.processInfo.environment["BBFAN_BINARY"] { return URL(filePath: path) }
    var directory = folder
    for _ in 0..<4 {
      let candidate = directory.appending(path: "bbfan")
      if FileManager.default.isExecutableFile(atPath: candidate.path()) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return folder.appending(path: "bbfan")
  }()

  /// The repository's root (for `Schemas/`, `Clients/`, `Tests/Contracts/` and `Tests/Tools/`).
  package static let repository = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
