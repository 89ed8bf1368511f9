import JSON
import Synchronization

/// A method's last result, encoded and serialized, with the state it was computed from, so
/// that a call made in the same state is answered without running the handler again.
///
/// For methods that take no params and whose result depends only on state that rarely changes
/// (`service.info`: the catalogs being served). `Key` names that state: whatever the result is
/// computed from must change it, or the memo would answer with an outdated result.
package final class ResultMemo<Key: Equatable & Sendable>: Sendable {
  private struct Kept: Sendable {
    var key: Key
    var encoded: JSONValue
  }

  private let last = Mutex<Kept?>(nil)

  /// An empty memo.
  package init() {}

  /// The result kept for `key`, or else `compute`'s, encoded with its serialization kept, and
  /// kept for `key`.
  package func result(
    for key: Key, compute: () async throws -> some Encodable
  ) async throws -> JSONValue {
    let kept = last.withLock { $0 }
    if let kept, kept.key == key { return kept.encoded }
    var encoded = try JSONValueEncoder().encode(try await compute())
    if case .object(let object) = encoded { encoded = .object(object.keepingSerialization()) }
    last.withLock { $0 = Kept(key: key, encoded: encoded) }
    return encoded
  }
}
