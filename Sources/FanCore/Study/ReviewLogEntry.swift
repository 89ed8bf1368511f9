import FanProtocol

/// One review, as the log keeps it for a later optimiser to fit the scheduler to the user.
package struct ReviewLogEntry: Sendable, Equatable {
  /// The grade given.
  package var grade: ReviewGrade
  /// When (milliseconds since 1970).
  package var reviewedAt: Int64
  /// The interval in days before the review.
  package var previousIntervalDays: Int
  /// The interval in days after it.
  package var intervalDays: Int
  /// The E-Factor before, in hundredths.
  package var previousEaseHundredths: Int
  /// The E-Factor after, in hundredths.
  package var easeHundredths: Int
  /// When the quiz is due next (milliseconds since 1970).
  package var dueAt: Int64

  /// Whether SM-2's step 7 asks to repeat the quiz again today (quality below 4).
  package var repeatToday: Bool { grade.quality < 4 }
}
