/// Why a source could not deliver a snapshot at all.
package enum SourceError: Error, Sendable, Equatable {
  /// A file that should be embedded is not (a broken build).
  case missingResource(String)
  /// A resource is not JSON.
  case invalidJSON(resource: String, detail: String)
  /// A resource is JSON but not an array of records.
  case wrongShape(resource: String, detail: String)
}
