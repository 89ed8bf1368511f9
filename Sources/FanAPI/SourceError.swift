/// Why a source could not deliver a snapshot at all.
package enum SourceError: Error, Sendable, Equatable {
  /// A file that should be embedded is not (a broken build).
  case missingResource(String)
  /// A resource is not a JSON array of objects.
  case wrongShape(resource: String, detail: String)
}
