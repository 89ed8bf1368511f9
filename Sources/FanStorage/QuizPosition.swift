/// A place in a collection's newest-first order: a page continues after it.
package struct QuizPosition: Sendable, Hashable {
  /// The creation time of the last quiz of the page before.
  package var createdAt: Int64
  /// Its id (the creation order of quizzes made in the same millisecond).
  package var id: Int64

  /// Creates a position.
  package init(createdAt: Int64, id: Int64) {
    self.createdAt = createdAt
    self.id = id
  }
}
