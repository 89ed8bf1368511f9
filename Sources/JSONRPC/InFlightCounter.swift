import Synchronization

/// Counts messages in progress so that the loop can stop taking more while there are too many.
///
/// The loop thread looks at it before it hands messages over; nothing waits on it.
final class InFlightCounter: Sendable {
  private let count = Atomic<Int>(0)
  private let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds messages that are being handed over.
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
