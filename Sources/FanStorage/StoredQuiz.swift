/// A quiz of a user's collection as the store keeps it.
package struct StoredQuiz: Sendable, Equatable {
  /// The id (unique across all users).
  package var id: Int64
  /// The title.
  package var title: String
  /// The facts, in order.
  package var facts: [String]
  /// The id in the online catalogue it was copied from, if any.
  package var onlineID: String?
  /// When it was created (milliseconds since 1970).
  package var createdAt: Int64

  /// Creates a quiz record.
  package init(id: Int64, title: String, facts: [String], onlineID: String?, createdAt: Int64) {
    self.id = id
    self.title = title
    self.facts = facts
    self.onlineID = onlineID
    self.createdAt = createdAt
  }

  /// Where it stands in newest-first order.
  package var position: QuizPosition { QuizPosition(id: id) }
}
