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
final class ResultMemo: Sendable {
  private struct Entry: Sendable {
    var version: UInt64
    var encoded: JSONValue
  }

  private let last = Mutex<Entry?>(nil)

  /// An empty memo.
  init() {}

  /// The result memoized, if it was computed for `version`.
  func current(for version: UInt64) -> JSONValue? {
    last.withLock { entry in entry.flatMap { $0.version == version ? $0.encoded : nil } }
  }

  /// The result memoized for `version`, or else `compute`'s, encoded with its serialization kept,
  /// and memoized for `version`.
  func result(
    for version: UInt64, compute: () async throws -> some Encodable
  ) async throws -> JSONValue {
    if let current = current(for: version) { return current }
    var encoded = try JSONValueEncoder().encode(try await compute())
    if case .object(let object) = encoded { encoded = .object(object.keepingSerialization()) }
    last.withLock { $0 = Entry(version: version, encoded: encoded) }
    return encoded
  }
}
