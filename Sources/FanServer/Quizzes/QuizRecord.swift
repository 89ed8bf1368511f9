import FanStorage

/// A quiz of a user's collection on the wire.
package struct QuizRecord: Codable, Sendable, Equatable {
  /// The id.
  package var id: Int64
  /// The title.
  package var title: String
  /// The facts, in order (a flash card shows the title, then these).
  package var facts: [String]
  /// When it was created (UTC).
  package var createdAt: String
  /// The online catalogue's id it was added from, or null.
  @EncodedAsNull package var onlineId: String?

  /// The record of `quiz`.
  init(_ quiz: StoredQuiz) {
    id = quiz.id
    title = quiz.title
    facts = quiz.facts
    createdAt = Timestamp.iso8601(milliseconds: quiz.createdAt)
    onlineId = quiz.onlineID
  }
}
