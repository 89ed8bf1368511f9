import FanAPI
import FanCore
import FoundationEssentials
import JSON
import JSONRPC

/// `catalog.refresh`: fetch the catalog from the live source, validate it, save it, swap it in.
package enum CatalogRefresh: RPCMethod {
  /// The wire name.
  package static let name = "catalog.refresh"
  /// It waits on the network; a cancellation stops it at once (the catalog is left as it was).
  package static let isLongRunning = true

  /// `{universe?}` (and `progressToken`, like every request).
  package struct Params: Codable, Sendable, Equatable {
    /// The universe to refresh; the default one when absent.
    package var universe: UniverseID?

    /// Refreshes the default universe.
    package init(universe: UniverseID? = nil) {
      self.universe = universe
    }

    /// Decodes, ignoring an empty universe.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
    }
  }

  /// What the refresh did.
  package struct Result: Codable, Sendable, Equatable {
    /// One list's fate.
    package struct Resource: Codable, Sendable, Equatable {
      /// The list: `characters`, `episodes`, `quotes` or `locations`.
      package var name: String
      /// The URL it was fetched from.
      package var url: String
      /// Which page of the list, for an API that pages its lists (absent for a whole list).
      package var page: Int?
      /// `fetched`, or `not-modified` when the server confirmed the saved copy (304).
      package var status: String
      /// The size of the body now in use.
      package var bytes: Int
    }

    /// The universe refreshed, when the params name one (absent otherwise, as in wave 1).
    package var universe: UniverseID?
    /// The source's base URL.
    package var source: String
    /// When the refresh completed (ISO 8601, UTC).
    package var refreshedAt: String
    /// Whether it replaced the catalog in use: false when every body was the one the catalog
    /// in use was made from, which then stays (and so do the page cursors into it).
    package var changed: Bool
    /// The catalog now served.
    package var counts: ServiceInfo.Counts
    /// The lists, each whole or page by page.
    package var resources: [Resource]
    /// Records the mapping adjusted or left out, as for the embedded data.
    package var problems: [String]
  }
}

/// `catalog.changed`: the notification a connection gets after the reply of a `catalog.refresh`
/// that replaced a universe's catalog, so that a screen knows to load its lists again.
package enum CatalogChanged {
  /// The wire name.
  package static let name = "catalog.changed"

  /// `{universe, refreshedAt}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe whose catalog was replaced.
    package var universe: UniverseID
    /// When the refresh completed (ISO 8601, UTC), as its reply says.
    package var refreshedAt: String
  }
}

extension FanService {
  /// Registers the `catalog.*` methods.
  func registerCatalogMethods(into router: inout MethodRouter) {
    let refreshers = self.refreshers
    let primaryUniverse = catalogStores.primaryUniverse
    router.register(CatalogRefresh.self) { params, context in
      let universe = params.universe ?? primaryUniverse
      guard let refresher = refreshers[universe] else {
        throw CatalogError.invalidValue(field: "universe", problem: "\(universe) is not served")
      }
      let report = try await refresher.refresh { step in
        context.reportProgress(
          Double(step.completed), total: Double(step.total), message: step.message)
      }
      let refreshedAt = Timestamp.iso8601(milliseconds: report.refreshedAt)
      if report.changed {
        context.notifyAfterReply(
          method: CatalogChanged.name,
          params: try JSONValueEncoder().encode(
            CatalogChanged.Params(universe: universe, refreshedAt: refreshedAt)))
      }
      return CatalogRefresh.Result(
        universe: params.universe.map { _ in universe },
        source: report.source, refreshedAt: refreshedAt, changed: report.changed,
        counts: ServiceInfo.Counts(report.counts),
        resources: report.resources.map {
          .init(
            name: $0.name, url: $0.url, page: $0.page,
            status: $0.notModified ? "not-modified" : "fetched", bytes: $0.bytes)
        },
        problems: report.problems)
    }
  }
}
