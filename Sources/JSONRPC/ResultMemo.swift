import JSON
import Synchronization

/// A method's last result with its encoding, so that a next result equal to it is not encoded
/// again.
///
/// For methods whose result rarely changes and costs more to encode than to compare
/// (`service.info`): the result is still computed on every call, from the state of the moment,
/// and encoded only when it differs from the last one; an object's serialization is kept with
/// it too.
package final class ResultMemo<Value: Encodable & Equatable & Sendable>: Sendable {
  private struct Kept: Sendable {
    var value: Value
    var encoded: JSONValue
  }

  private let last = Mutex<Kept?>(nil)

  /// An empty memo.
  package init() {}

  /// The encoding of `value`: the kept one when `value` equals the last value, else a new one,
  /// which is kept.
  package func encode(_ value: Value) throws -> JSONValue {
    let kept = last.withLock { $0 }
    if let kept, kept.value == value { return kept.encoded }
    var encoded = try JSONValueEncoder().encode(value)
    if case .object(let object) = encoded { encoded = .object(object.keepingSerialization()) }
    last.withLock { $0 = Kept(value: value, encoded: encoded) }
    return encoded
  }
}
