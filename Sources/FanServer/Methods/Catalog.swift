import FanAPI
import FanCore
import FanProtocol
import FoundationEssentials
import JSON
import JSONRPC

extension CatalogRefresh: RPCMethod {
  /// It waits on the network; a cancellation stops it at once (the catalog is left as it was).
  package static let isLongRunning = true
}

extension FanService {
  /// Registers the `catalog.*` methods.
  func registerCatalogMethods(into router: inout MethodRouter) {
    let refreshers = self.refreshers
    let primaryUniverse = servedCatalogs.primaryUniverse
    let notifier = self.notifier
    router.register(CatalogRefresh.self) { params, context in
      let universe = params.universe ?? primaryUniverse
      guard let refresher = refreshers[universe] else {
        throw CatalogError.invalidValue(
          field: "universe", problem: "\(BriefQuote.bare(universe.rawValue)) is not served")
      }
      let report = try await refresher.refresh { step in
        context.reportProgress(
          Double(step.completed), total: Double(step.total), message: step.message)
      }
      let refreshedAt = Timestamp.iso8601(milliseconds: report.refreshedAt)
      if report.changed {
        // The connections subscribed to the catalog hear of it too; this one after its reply.
        notifier.catalogChanged(universe, refreshedAt: refreshedAt, except: context.push)
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
