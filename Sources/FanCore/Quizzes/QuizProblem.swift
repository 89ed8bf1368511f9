/// One thing wrong with a quiz as it was given: the field and a sentence a user reads.
package struct QuizProblem: Sendable, Equatable {
  /// `title`, `facts` or `facts[N]` (N counted from 0, as in the request).
  package var field: String
  /// What is wrong, such as "Title is required".
  package var message: String

  /// Creates a problem.
  package init(field: String, message: String) {
    self.field = field
    self.message = message
  }
}
