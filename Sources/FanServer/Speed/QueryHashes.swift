import FanProtocol
import Synchronization

/// The query hashes of the paged methods' commonest params, made once: the speed seam of a
/// page's cursor.
///
/// A page's cursor names its query by a hash of the params (`PageRequest.queryHash`: the params
/// encoded without `limit` and `cursor`, through `Codable`, on every call). For params that say
/// what they hold in a short key (`QueryKeyed`: `episodes.list`'s universe and series) the hash
/// is made the plain way the first time and kept under the method and that key, so it is the
/// same value (cursors and tapes are the same bytes; a test compares them). At most 1,024 are
/// kept; past that the table starts again.
final class QueryHashes: Sendable {
  /// The table every service shares (the hashes depend on nothing but the params).
  static let shared = QueryHashes()

  private let hashes = Mutex<[String: UInt64]>([:])
  private static let capacity = 1024

  /// The hash of `method` and `params`: the kept one when `params` has a key, else `make()`.
  func hash<Params>(method: String, params: Params, make: () throws -> UInt64) rethrows -> UInt64 {
    guard let keyed = params as? any QueryKeyed, let key = keyed.queryKey else { return try make() }
    let name = method + " " + key
    if let kept = hashes.withLock({ $0[name] }) { return kept }
    let made = try make()
    hashes.withLock { hashes in
      if hashes.count >= Self.capacity { hashes.removeAll() }
      hashes[name] = made
    }
    return made
  }
}

/// Params whose query (all but `limit` and `cursor`) a short text names.
protocol QueryKeyed {
  /// The text naming the query; nil when the params are not of a shape it names.
  var queryKey: String? { get }
}

extension EpisodesList.Params: QueryKeyed {
  /// The universe and the series.
  var queryKey: String? { "\(universe?.rawValue ?? "-") \(series?.rawValue ?? "-")" }
}
