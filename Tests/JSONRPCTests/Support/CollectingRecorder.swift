import JSON
import JSONRPC
import Synchronization

/// Keeps what a connection records, for checking.
final class CollectingRecorder: ExchangeRecorder {
  struct Exchange: Sendable {
    var sequence: Int
    var raw: String
    var notifications: Int
    var reply: String?
  }

  private let entries = Mutex<[Exchange]>([])

  func record(_ sequence: Int, raw: [UInt8], notifications: [JSONValue], reply: JSONValue?) {
    let exchange = Exchange(
      sequence: sequence, raw: String(decoding: raw, as: UTF8.self),
      notifications: notifications.count, reply: reply?.serializedText)
    entries.withLock { $0.append(exchange) }
  }

  var exchanges: [Exchange] { entries.withLock { $0 } }
}
