/// One of the lists a universe's catalog is made of, as its API serves them (`characters`).
package struct CatalogResource: Sendable, Hashable, CustomStringConvertible {
  /// The list's name: the embedded file's name without `.json`, and the saved snapshot's key.
  package let name: String
  /// The singular noun used in messages (`character`).
  package let recordName: String
  /// The path under the API's base URL that lists every record (`["characters"]`).
  package let pathSegments: [String]

  /// A list named `name` of `recordName` records, served at `pathSegments`.
  package init(name: String, recordName: String, pathSegments: [String]) {
    self.name = name
    self.recordName = recordName
    self.pathSegments = pathSegments
  }

  /// The name.
  package var description: String { name }
}
