/// A `$ref` in a schema that cannot be inlined.
package struct SchemaReferenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reference as written.
  package var reference: String
  /// What is wrong with it.
  package var problem: String

  /// `reference problem`.
  package var description: String { "$ref \"\(reference)\" \(problem)" }
}
