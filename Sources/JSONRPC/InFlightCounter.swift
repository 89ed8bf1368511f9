import Synchronization

/// Counts messages in progress so that the reader thread can pause while there are too many.
///
/// The loop thread looks at it before every read; nothing waits on it.
final class InFlightCounter: Sendable {
  private let count = Atomic<Int>(0)
  private let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds messages that have just arrived.
  func add(_ messages: Int) {
    count.add(messages, ordering: .relaxed)
  }

  /// Removes a message that is done.
  func remove() {
    count.subtract(1, ordering: .relaxed)
  }

  /// Whether fewer messages than the limit are in progress.
  var hasRoom: Bool { count.load(ordering: .relaxed) < limit }
}
