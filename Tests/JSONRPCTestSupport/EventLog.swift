import Synchronization

/// What happened, in the order it happened, from any thread: a test's view of who ran, committed
/// and answered when.
package final class EventLog: Sendable {
  private let events = Mutex<[String]>([])

  /// An empty log.
  package init() {}

  /// Adds an event.
  package func add(_ event: String) {
    events.withLock { $0.append(event) }
  }

  /// Every event so far.
  package var all: [String] { events.withLock { $0 } }

  /// Where `event` first happened; nil when it never did.
  package func index(of event: String) -> Int? {
    all.firstIndex(of: event)
  }
}
