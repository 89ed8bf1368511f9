import JSON
import Synchronization

/// Notifications of one message: those sent while it was handled, for the tape, or those to
/// send after its reply.
final class NotificationLog: Sendable {
  private let entries = Mutex<[JSONValue]>([])

  func append(_ notification: JSONValue) {
    entries.withLock { $0.append(notification) }
  }

  var all: [JSONValue] { entries.withLock { $0 } }

  /// Every notification appended so far, forgotten here.
  func take() -> [JSONValue] {
    entries.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }
}
