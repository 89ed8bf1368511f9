import FanAPI
import FanCore
import FanStorage
import JSONRPC

/// `service.info`: the service's name, version, protocol capabilities and limits.
package enum ServiceInfo: RPCMethod {
  /// The wire name.
  package static let name = "service.info"

  /// Takes no parameters.
  package typealias Params = NoParams

  /// What the service is and what it supports.
  package struct Result: Codable, Sendable, Equatable {
    /// The protocol capabilities.
    package struct ProtocolInfo: Codable, Sendable, Equatable {
      /// The protocol limits in force.
      package struct Limits: Codable, Sendable, Equatable {
        /// The largest message accepted, in bytes.
        package var maxMessageBytes: Int
        /// The deepest nesting accepted.
        package var maxDepth: Int
        /// The most elements a batch may have.
        package var maxBatchLength: Int
      }

      /// Always `2.0`.
      package var jsonrpc: String
      /// The framings understood, each detected per message.
      package var framings: [String]
      /// The notifications that cancel a request.
      package var cancellation: [String]
      /// The notification sent for requests that carry a `progressToken`.
      package var progress: String
      /// The limits in force.
      package var limits: Limits
    }

    /// Always `bbfan`.
    package var name: String
    /// The service's semantic version.
    package var version: String
    /// The protocol capabilities.
    package var `protocol`: ProtocolInfo
    /// Where the service keeps its state.
    package var dataDirectory: String
    /// The catalog being served of the default universe (as in wave 1).
    package var catalog: CatalogInfo
    /// Every universe served, in order, each with its catalog's origin and counts.
    package var universes: [UniverseInfo]
    /// Which store holds accounts, favourites, quizzes and profiles.
    package var storage: StorageInfo
  }

  /// The store of the shared state.
  package struct StorageInfo: Codable, Sendable, Equatable {
    /// `sqlite` (the data directory's file) or `postgres` (a shared database).
    package var kind: String
    /// `bbfan.sqlite3` (in `dataDirectory`), or the database's URL without its password.
    package var location: String
  }

  /// One universe's catalog: where it came from and what it holds.
  package struct UniverseInfo: Codable, Sendable, Equatable {
    /// The universe's wire name.
    package var universe: UniverseID
    /// Where the catalog being served came from: `embedded`, or the live source's base URL.
    package var source: String
    /// When the catalog being served was fetched from the live source (ISO 8601), or null: the
    /// seed's "timestamp of last refresh".
    @EncodedAsNull package var refreshedAt: String?
    /// The live source `catalog.refresh` fetches this universe from, or null.
    @EncodedAsNull package var liveSource: String?
    /// The size of each list the universe has.
    package var counts: Counts
  }

  /// Where the catalog came from and what it holds.
  package struct CatalogInfo: Codable, Sendable, Equatable {
    /// Where the catalog being served came from: `embedded`, or the live source's base URL.
    package var source: String
    /// The number of episodes.
    package var episodes: Int
    /// The number of characters.
    package var characters: Int
    /// The number of quotes.
    package var quotes: Int
    /// When the catalog being served was fetched from the live source (ISO 8601), or null.
    @EncodedAsNull package var refreshedAt: String?
    /// The live source `catalog.refresh` fetches from (`--source URL`), or null.
    @EncodedAsNull package var liveSource: String?
  }

  /// The size of a catalog: a count for each list its universe has (quotes for Breaking Bad,
  /// locations for Rick and Morty).
  package struct Counts: Codable, Sendable, Equatable {
    /// The number of episodes.
    package var episodes: Int
    /// The number of characters.
    package var characters: Int
    /// The number of quotes, for a universe with quotes.
    package var quotes: Int?
    /// The number of locations, for a universe with locations.
    package var locations: Int?

    /// The counts of a summary's lists.
    init(_ counts: [String: Int]) {
      episodes = counts["episodes"] ?? 0
      characters = counts["characters"] ?? 0
      quotes = counts["quotes"]
      locations = counts["locations"]
    }
  }
}

extension FanService {
  /// Registers the `service.*` methods.
  func registerServiceMethods(into router: inout MethodRouter) {
    let configuration = self.configuration
    let stores = catalogStores
    let storage = self.storage
    // Everything in the result is fixed for the life of the service but the catalogs (a
    // refresh, a universe loaded), so it is made again only when one of them changed. A member
    // that depends on anything else must be counted in the version.
    let version: @Sendable () -> UInt64 = { stores.version }
    router.registerMemoized(ServiceInfo.self, version: version) { _, _ in
      // The default universe's summary, like the others', does not load a catalog that is
      // served from its embedded snapshot and not loaded yet.
      let primary = try stores.primarySummary()
      let universes = try stores.universes.compactMap { id -> ServiceInfo.UniverseInfo? in
        guard let summary = try stores.summary(of: id) else { return nil }
        return ServiceInfo.UniverseInfo(
          universe: id, source: summary.source,
          refreshedAt: summary.refreshedAt.map(Timestamp.iso8601(milliseconds:)),
          liveSource: configuration.sources[id]?.name, counts: ServiceInfo.Counts(summary.counts))
      }
      return ServiceInfo.Result(
        name: ServiceVersion.name,
        version: ServiceVersion.version,
        protocol: .init(
          jsonrpc: "2.0",
          framings: ["newline-delimited", "content-length"],
          cancellation: JSONRPCConnection.cancelMethods.keys.sorted(),
          progress: "notifications/progress",
          limits: .init(
            maxMessageBytes: configuration.limits.maxMessageBytes,
            maxDepth: configuration.limits.maxDepth,
            maxBatchLength: configuration.limits.maxBatchLength)),
        dataDirectory: configuration.dataDirectory,
        catalog: .init(
          source: primary.source, episodes: primary.counts["episodes"] ?? 0,
          characters: primary.counts["characters"] ?? 0, quotes: primary.counts["quotes"] ?? 0,
          refreshedAt: primary.refreshedAt.map(Timestamp.iso8601(milliseconds:)),
          liveSource: configuration.source?.name),
        universes: universes,
        storage: .init(
          kind: storage.sharedStateLocation.kind, location: storage.sharedStateLocation.location))
    }
  }
}
