import FanProtocol
import FanStorage

extension QuizRecord {
  /// The record of `quiz`.
  init(_ quiz: StoredQuiz) {
    self.init(
      id: quiz.id, title: quiz.title, facts: quiz.facts,
      createdAt: Timestamp.iso8601(milliseconds: quiz.createdAt), onlineId: quiz.onlineID)
  }
}
