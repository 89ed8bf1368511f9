import FanAPI
import FoundationEssentials
import JSONRPC

/// `catalog.refresh`: fetch the catalog from the live source, validate it, save it, swap it in.
package enum CatalogRefresh: RPCMethod {
  /// The wire name.
  package static let name = "catalog.refresh"
  /// It waits on the network; a cancellation stops it at once (the catalog is left as it was).
  package static let isLongRunning = true

  /// Takes no parameters (but `progressToken`, like every request).
  package typealias Params = NoParams

  /// What the refresh did.
  package struct Result: Codable, Sendable, Equatable {
    /// One list's fate.
    package struct Resource: Codable, Sendable, Equatable {
      /// `characters`, `episodes` or `quotes`.
      package var name: String
      /// The URL it was fetched from.
      package var url: String
      /// `fetched`, or `not-modified` when the server confirmed the saved copy (304).
      package var status: String
      /// The size of the body now in use.
      package var bytes: Int
    }

    /// The source's base URL.
    package var source: String
    /// When the refresh completed (ISO 8601, UTC).
    package var refreshedAt: String
    /// The catalog now served.
    package var counts: ServiceInfo.Counts
    /// The three lists.
    package var resources: [Resource]
    /// Records the mapping adjusted or left out, as for the embedded data.
    package var problems: [String]
  }
}

extension FanService {
  /// Registers the `catalog.*` methods.
  func registerCatalogMethods(into router: inout MethodRouter) {
    let refresher = self.refresher
    let store = catalogStore
    router.register(CatalogRefresh.self) { _, context in
      let report = try await refresher.refresh { step in
        context.reportProgress(
          Double(step.completed), total: Double(step.total), message: step.message)
      }
      let catalog = store.current.catalog
      return CatalogRefresh.Result(
        source: report.source, refreshedAt: Timestamp.iso8601(milliseconds: report.refreshedAt),
        counts: ServiceInfo.Counts(catalog),
        resources: report.resources.map {
          .init(
            name: $0.name, url: $0.url, status: $0.notModified ? "not-modified" : "fetched",
            bytes: $0.bytes)
        },
        problems: report.problems)
    }
  }
}
