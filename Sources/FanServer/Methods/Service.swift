import FanAPI
import FanCore
import FanProtocol
import FanStorage
import JSONRPC

extension ServiceInfo: RPCMethod {}

extension FanService {
  /// Registers the `service.*` methods.
  func registerServiceMethods(into router: inout MethodRouter) {
    let configuration = self.configuration
    let stores = servedCatalogs
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
          liveSource: configuration.liveSourceName(of: id, servedFrom: summary.source),
          counts: ServiceInfo.Counts(summary.counts))
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
          liveSource: configuration.liveSourceName(
            of: configuration.universes.default.id, servedFrom: primary.source)),
        universes: universes,
        storage: .init(
          kind: storage.sharedStateLocation.kind, location: storage.sharedStateLocation.location))
    }
  }
}
