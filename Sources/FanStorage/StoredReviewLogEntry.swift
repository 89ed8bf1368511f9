/// One review as the log keeps it, for a later optimiser to fit the scheduler to the user.
package struct StoredReviewLogEntry: Sendable, Equatable {
  /// The quiz reviewed.
  package var quizID: Int64
  /// `again`, `hard`, `good` or `easy`.
  package var grade: String
  /// When (milliseconds since 1970).
  package var reviewedAt: Int64
  /// The interval in days before the review.
  package var previousIntervalDays: Int
  /// The interval in days after it.
  package var intervalDays: Int
  /// The ease factor before the review.
  package var previousEase: Double
  /// The ease factor after it.
  package var ease: Double
  /// When the quiz is next due (milliseconds since 1970).
  package var dueAt: Int64

  /// Creates a log entry.
  package init(
    quizID: Int64, grade: String, reviewedAt: Int64, previousIntervalDays: Int,
    intervalDays: Int, previousEase: Double, ease: Double, dueAt: Int64
  ) {
    self.quizID = quizID
    self.grade = grade
    self.reviewedAt = reviewedAt
    self.previousIntervalDays = previousIntervalDays
    self.intervalDays = intervalDays
    self.previousEase = previousEase
    self.ease = ease
    self.dueAt = dueAt
  }
}
