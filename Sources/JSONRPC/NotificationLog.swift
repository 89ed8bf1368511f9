import JSON
import Synchronization

/// The notifications sent while one message was handled, for the tape.
final class NotificationLog: Sendable {
  private let entries = Mutex<[JSONValue]>([])

  func append(_ notification: JSONValue) {
    entries.withLock { $0.append(notification) }
  }

  var all: [JSONValue] { entries.withLock { $0 } }
}
