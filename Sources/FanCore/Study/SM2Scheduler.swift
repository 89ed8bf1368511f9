import FanProtocol

/// SM-2, the SuperMemo 2 scheduler.
///
/// By P. A. Wozniak, "Optimization of learning", 1990; published at
/// https://super-memo.com/english/ol/sm2.htm.
///
/// As published: intervals I(1) = 1 day, I(2) = 6 days, I(n) = I(n-1) × EF for n > 2, a
/// fraction rounded up to whole days; after each repetition of quality q (0 to 5)
/// EF' = EF + (0.1 − (5 − q) × (0.08 + (5 − q) × 0.02)), never below 1.3; a quality below 3
/// starts the repetitions again from I(1) without changing the E-Factor. I(n) uses the E-Factor
/// the quiz had before the review that I(n) follows. Step 7 (repeat the day's items that scored
/// below 4 until they do) is the client's: a review answers whether to repeat today.
///
/// E-Factors are kept in hundredths, so every number here is exact: EF changes by +0.10, 0,
/// −0.14, −0.32, −0.54 or −0.80 for q = 5 to 0.
package enum SM2Scheduler {
  /// The E-Factor of a new quiz, in hundredths (2.5).
  package static let initialEaseHundredths = 250
  /// The lowest E-Factor, in hundredths (1.3).
  package static let minimumEaseHundredths = 130
  /// A day in milliseconds.
  package static let dayMilliseconds: Int64 = 86_400_000
  /// Lapses that make a quiz a leech (Anki's default).
  package static let leechThreshold = 8

  /// The change of the E-Factor for quality `q`, in hundredths: 100 × (0.1 − (5 − q) × (0.08 +
  /// (5 − q) × 0.02)) = 10 − (5 − q) × (8 + 2 × (5 − q)).
  package static func easeChange(quality q: Int) -> Int {
    let miss = 5 - q
    return 10 - miss * (8 + 2 * miss)
  }

  /// The state after a review with `grade` at `now`, and the review's log entry.
  package static func review(_ state: ReviewState, grade: ReviewGrade, at now: Int64)
    -> (state: ReviewState, entry: ReviewLogEntry)
  {
    let quality = grade.quality
    var next = state
    next.reviews += 1
    next.lastReviewedAt = now
    if quality < 3 {
      if state.repetitions > 0 { next.lapses += 1 }
      next.repetitions = 0
      next.intervalDays = 1
    } else {
      switch state.repetitions {
      case 0: next.intervalDays = 1
      case 1: next.intervalDays = 6
      default:
        // Rounded up: I(n-1) × EF in hundredths.
        next.intervalDays = (state.intervalDays * state.easeHundredths + 99) / 100
      }
      next.repetitions += 1
      next.easeHundredths = max(
        minimumEaseHundredths, state.easeHundredths + easeChange(quality: quality))
    }
    next.dueAt = now + Int64(next.intervalDays) * dayMilliseconds
    let entry = ReviewLogEntry(
      grade: grade, reviewedAt: now, previousIntervalDays: state.intervalDays,
      intervalDays: next.intervalDays, previousEaseHundredths: state.easeHundredths,
      easeHundredths: next.easeHundredths, dueAt: now + Int64(next.intervalDays) * dayMilliseconds)
    return (next, entry)
  }
}
