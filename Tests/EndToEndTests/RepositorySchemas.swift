import Foundation
import JSONRPC
import TestSupport

/// The repository's `Schemas/` folder read as the executable embeds it: every method file with
/// its `$ref`s into `Schemas/defs.json` inlined.
enum RepositorySchemas {
  /// The folder.
  static let folder = BuiltProducts.repository.appending(path: "Schemas")

  /// The texts of every `.json` file in the folder, by `Schemas/<name>.json` key.
  static func files() throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path())
    where name.hasSuffix(".json") {
      files["Schemas/" + name] = try String(
        contentsOf: folder.appending(path: name), encoding: .utf8)
    }
    return files
  }

  /// The registry of the folder's method schemas, references inlined.
  static func registry() throws -> SchemaRegistry {
    SchemaRegistry(files: try files())
  }
}
