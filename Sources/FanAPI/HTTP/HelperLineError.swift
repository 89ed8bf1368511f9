/// A line between `bbfan` and `bbfan-fetch` that is not what the other side sends, or a value
/// that no line can carry.
package struct HelperLineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong.
  package var description: String

  /// An error saying `description`.
  package init(_ description: String) {
    self.description = description
  }
}
