/// A quiz's spaced-repetition state as the store keeps it.
package struct StoredReview: Sendable, Equatable {
  /// Successful reviews in a row since the last lapse.
  package var repetitions: Int
  /// The ease factor.
  package var ease: Double
  /// The current interval in days.
  package var intervalDays: Int
  /// When it is next due (milliseconds since 1970).
  package var dueAt: Int64
  /// How many times it was forgotten after being learned.
  package var lapses: Int
  /// How many reviews it had.
  package var reviews: Int
  /// When it was last reviewed (milliseconds since 1970).
  package var lastReviewedAt: Int64?
  /// Whether it is flagged as a leech (forgotten again and again).
  package var isLeech: Bool

  /// Creates a review state.
  package init(
    repetitions: Int, ease: Double, intervalDays: Int, dueAt: Int64, lapses: Int, reviews: Int,
    lastReviewedAt: Int64?, isLeech: Bool
  ) {
    self.repetitions = repetitions
    self.ease = ease
    self.intervalDays = intervalDays
    self.dueAt = dueAt
    self.lapses = lapses
    self.reviews = reviews
    self.lastReviewedAt = lastReviewedAt
    self.isLeech = isLeech
  }
}
