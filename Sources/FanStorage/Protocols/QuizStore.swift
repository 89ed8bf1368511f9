/// Each user's quiz collection, and the review state and review log of its quizzes.
///
/// A quiz belongs to one user: every method takes the user's id, and another user's quiz is
/// never found. A title key is unique within a collection, also between processes creating the
/// same title at once: one wins, the other gets `duplicateQuiz`.
package protocol QuizStore: Sendable {
  /// Adds a quiz to the user's collection in one transaction; `duplicateQuiz` when the
  /// collection already holds `titleKey`.
  func createQuiz(_ quiz: NewQuiz, userID: Int64) async throws(StorageError) -> StoredQuiz
  /// A page of the user's quizzes, newest first (ties by creation order), after `position`,
  /// whose search text contains `search` (already folded); and how many match in all.
  func quizzes(userID: Int64, search: String?, after position: QuizPosition?, limit: Int?)
    async throws(StorageError) -> (quizzes: [StoredQuiz], total: Int)
  /// The user's quiz with this id, or nil.
  func quiz(userID: Int64, id: Int64) async throws(StorageError) -> StoredQuiz?
  /// Deletes the user's quiz with this id and its review state (its review log is kept);
  /// false when there is none.
  func deleteQuiz(userID: Int64, id: Int64) async throws(StorageError) -> Bool
  /// The online ids of the quizzes the user added from the online catalogue.
  func onlineIDs(userID: Int64) async throws(StorageError) -> Set<String>
  /// Applies a review to the user's quiz in one transaction: `apply` gets the quiz and its
  /// current review state (nil before the first review) and returns the new state and the log
  /// entry, both saved; nil when the user has no such quiz.
  func review(
    userID: Int64, quizID: Int64,
    applying apply: @Sendable (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) async throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)?
  /// The user's quizzes due at `now` (never reviewed, or due at or before it): never-reviewed
  /// ones first in creation order, then by due time; at most `limit`; and how many are due.
  func dueQuizzes(userID: Int64, now: Int64, limit: Int)
    async throws(StorageError) -> (due: [(quiz: StoredQuiz, review: StoredReview?)], total: Int)
  /// The user's review log, oldest first.
  func reviewLog(userID: Int64) async throws(StorageError) -> [StoredReviewLogEntry]
}
