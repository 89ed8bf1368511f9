/// A quiz's spaced-repetition state under SM-2.
package struct ReviewState: Sendable, Equatable {
  /// Successful reviews in a row (quality 3 or more) since it was new or last forgotten.
  package var repetitions: Int
  /// The E-Factor in hundredths (250 is 2.5): kept whole so that no rounding drifts.
  package var easeHundredths: Int
  /// The current inter-repetition interval in days (0 before the first review).
  package var intervalDays: Int
  /// When it is due next (milliseconds since 1970); nil before the first review: due at once.
  package var dueAt: Int64?
  /// How many times it was forgotten (`again`) after it had been recalled.
  package var lapses: Int
  /// How many reviews it had.
  package var reviews: Int
  /// When it was last reviewed (milliseconds since 1970).
  package var lastReviewedAt: Int64?

  /// The state of a quiz never reviewed: E-Factor 2.5, due at once.
  package static let new = ReviewState(
    repetitions: 0, easeHundredths: SM2Scheduler.initialEaseHundredths, intervalDays: 0,
    dueAt: nil, lapses: 0, reviews: 0, lastReviewedAt: nil)

  /// Creates a state.
  package init(
    repetitions: Int, easeHundredths: Int, intervalDays: Int, dueAt: Int64?, lapses: Int,
    reviews: Int, lastReviewedAt: Int64?
  ) {
    self.repetitions = repetitions
    self.easeHundredths = easeHundredths
    self.intervalDays = intervalDays
    self.dueAt = dueAt
    self.lapses = lapses
    self.reviews = reviews
    self.lastReviewedAt = lastReviewedAt
  }

  /// The E-Factor as a number (2.5).
  package var ease: Double { Double(easeHundredths) / 100 }

  /// Whether it has been forgotten so often that it is a leech (Anki's default threshold: 8
  /// lapses); a leech is worth rewriting rather than reviewing again.
  package var isLeech: Bool { lapses >= SM2Scheduler.leechThreshold }

  /// Whether it is due at `now`.
  package func isDue(at now: Int64) -> Bool { dueAt.map { $0 <= now } ?? true }
}
