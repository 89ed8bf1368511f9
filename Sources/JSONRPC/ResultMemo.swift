import JSON
import Synchronization

/// A method's last result, encoded and serialized, with the version of the state it was
/// computed from, so that a call made in the same state is answered without running the handler
/// again.
///
/// For methods that take no params and whose result depends only on state that rarely changes
/// (`service.info`: the catalogs being served). The version is a number that changes whenever
/// that state does (a count of its changes): if it did not, the memo would answer with an
/// outdated result. A number rather than any `Equatable` key, so that checking it costs a load
/// and a compare, not a generic call, on every request.
package final class ResultMemo: Sendable {
  private struct Kept: Sendable {
    var version: UInt64
    var encoded: JSONValue
  }

  private let last = Mutex<Kept?>(nil)

  /// An empty memo.
  package init() {}

  /// The result kept, if it was computed for `version`.
  package func kept(for version: UInt64) -> JSONValue? {
    last.withLock { kept in kept.flatMap { $0.version == version ? $0.encoded : nil } }
  }

  /// The result kept for `version`, or else `compute`'s, encoded with its serialization kept, and
  /// kept for `version`.
  package func result(
    for version: UInt64, compute: () async throws -> some Encodable
  ) async throws -> JSONValue {
    if let kept = kept(for: version) { return kept }
    var encoded = try JSONValueEncoder().encode(try await compute())
    if case .object(let object) = encoded { encoded = .object(object.keepingSerialization()) }
    last.withLock { $0 = Kept(version: version, encoded: encoded) }
    return encoded
  }
}
