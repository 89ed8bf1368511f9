/// A record that could not be used as it came, and what was done about it.
package struct MappingProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// `character`, `episode` or `quote`.
  package var resource: String
  /// The record's id, when it could be read.
  package var id: Int?
  /// What is wrong with it.
  package var reason: String
  /// Whether the record was left out (otherwise the field was left empty).
  package var dropped: Bool

  /// Creates a problem report.
  package init(resource: String, id: Int?, reason: String, dropped: Bool) {
    self.resource = resource
    self.id = id
    self.reason = reason
    self.dropped = dropped
  }

  /// `episode 7: season " x" is not a whole number (left out)`.
  package var description: String {
    "\(resource) \(id.map(String.init) ?? "(no id)"): \(reason) (\(dropped ? "left out" : "kept"))"
  }
}
