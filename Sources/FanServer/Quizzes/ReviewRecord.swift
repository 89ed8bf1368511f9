import FanCore
import FanStorage

/// A quiz's review state on the wire.
package struct ReviewRecord: Codable, Sendable, Equatable {
  /// When it is due next (UTC).
  package var dueAt: String
  /// The current interval in days.
  package var intervalDays: Int
  /// The SM-2 E-Factor (1.3 to 2.5 and up).
  package var ease: Double
  /// Successful reviews in a row.
  package var repetitions: Int
  /// Times forgotten after being recalled.
  package var lapses: Int
  /// Reviews in all.
  package var reviews: Int
  /// Whether it was forgotten so often (8 lapses) that it is worth rewriting.
  package var leech: Bool

  /// The record of `state`.
  init(_ state: StoredReview) {
    dueAt = Timestamp.iso8601(milliseconds: state.dueAt)
    intervalDays = state.intervalDays
    ease = state.ease
    repetitions = state.repetitions
    lapses = state.lapses
    reviews = state.reviews
    leech = state.isLeech
  }
}
