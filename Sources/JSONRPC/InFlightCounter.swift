import Synchronization

/// Counts messages in progress so that the reader thread can pause while there are too many.
///
/// Counting is atomic; the lock is taken only when the count falls back below the limit, to wake
/// the reader.
final class InFlightCounter: Sendable {
  private let count = Atomic<Int>(0)
  private let limit: Int
  private let gate = ConditionLock(())

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds messages that have just arrived.
  func add(_ messages: Int) {
    count.add(messages, ordering: .relaxed)
  }

  /// Removes a message that is done.
  func remove() {
    let (_, now) = count.subtract(1, ordering: .releasing)
    if now == limit - 1 { gate.broadcast() }
  }

  /// Blocks the calling thread (the reader's) while the limit is reached.
  func waitForRoom() {
    gate.wait(until: { _ in self.count.load(ordering: .acquiring) < self.limit }, then: { _ in })
  }
}
