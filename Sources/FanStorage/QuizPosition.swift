/// A place in a collection's newest-first order: a page continues after it.
///
/// Quiz ids are never reused and grow with every quiz made, so the id alone is the creation
/// order (quizzes made in the same millisecond included).
package struct QuizPosition: Sendable, Hashable {
  /// The id of the last quiz of the page before.
  package var id: Int64

  /// Creates a position.
  package init(id: Int64) {
    self.id = id
  }
}
