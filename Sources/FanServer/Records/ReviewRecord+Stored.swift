import FanProtocol
import FanStorage

extension ReviewRecord {
  /// The record of `state`.
  init(_ state: StoredReview) {
    self.init(
      dueAt: Timestamp.iso8601(milliseconds: state.dueAt), intervalDays: state.intervalDays,
      ease: state.ease, repetitions: state.repetitions, lapses: state.lapses,
      reviews: state.reviews, leech: state.isLeech)
  }
}
