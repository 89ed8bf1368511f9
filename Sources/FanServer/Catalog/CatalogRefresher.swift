import FanAPI
import FanCore
import FanStorage
import FoundationEssentials
import Synchronization

/// Refreshes the catalog from the live source: fetch, validate, persist, then swap.
///
/// Nothing changes until all three lists have arrived and been validated and the new snapshot
/// is saved; then the in-memory catalog is replaced in one step. A failure at any point leaves
/// both the served catalog and the saved one as they were. One refresh runs at a time.
package final class CatalogRefresher: Sendable {
  /// A stage of a refresh, for progress notifications.
  package struct Step: Sendable, Equatable {
    /// Steps completed so far.
    package var completed: Int
    /// Steps in all.
    package var total: Int
    /// What just happened.
    package var message: String
  }

  private let source: HTTPCatalogSource?
  private let catalogStore: CatalogStore
  private let openStore: @Sendable () throws -> FanStore
  private let running = Mutex(false)

  /// A refresher of `catalogStore` from `source` (nil when the service has no live source),
  /// saving into the store `openStore` returns.
  package init(
    source: HTTPCatalogSource?, catalogStore: CatalogStore,
    openStore: @escaping @Sendable () throws -> FanStore
  ) {
    self.source = source
    self.catalogStore = catalogStore
    self.openStore = openStore
  }

  /// Runs a refresh; `progress` hears each step.
  package func refresh(progress: @Sendable (Step) -> Void) async throws -> RefreshReport {
    guard let source else { throw CatalogRefreshError.noLiveSource }
    let started = running.withLock { running -> Bool in
      if running { return false }
      running = true
      return true
    }
    guard started else { throw CatalogRefreshError.alreadyRunning }
    defer { running.withLock { $0 = false } }

    let resources = source.universe.resources
    let total = resources.count + 2
    let store = try openStore()
    let saved = try await store.catalog(source: source.name)
    var cached: [CatalogResource: HTTPBody] = [:]
    for resource in saved?.resources ?? [] {
      guard let name = resources.first(where: { $0.name == resource.name }) else { continue }
      cached[name] = HTTPBody(
        url: resource.url, bytes: Data(resource.body), contentType: nil,
        validators: CacheValidators(etag: resource.etag, lastModified: resource.lastModified))
    }
    progress(Step(completed: 0, total: total, message: "fetching from \(source.name)"))
    let fetched: HTTPCatalogSource.Fetched
    do {
      // The lists arrive in the universe's order, so each one's place is its step.
      fetched = try await source.fetch(cached: cached) { resource in
        let step = (resources.firstIndex(of: resource) ?? 0) + 1
        progress(Step(completed: step, total: total, message: "received \(resource.name)"))
      }
    } catch let error as UpstreamError {
      throw CatalogRefreshError.fetchFailed(error)
    }
    let catalog: Catalog
    let problems: [MappingProblem]
    do {
      (catalog, problems) = try source.universe.catalog(from: fetched.bodies)
    } catch {
      // Every list was validated as it arrived, so this is only a list that went missing.
      throw CatalogRefreshError.fetchFailed(
        UpstreamError(url: source.name, failure: HTTPCatalogSource.failure(for: error)))
    }
    progress(
      Step(
        completed: total - 1, total: total,
        message: "validated \(catalog.episodes.count) episodes, \(catalog.characters.count) "
          + "characters and \(catalog.quotes.count) quotes"))
    // The last point at which a cancellation is honoured: after it, the refresh completes.
    try Task.checkCancellation()
    let refreshedAt = await store.now()
    try await store.saveCatalog(
      StoredCatalog(
        source: source.name, refreshedAt: refreshedAt,
        resources: fetched.resources.map {
          StoredCatalog.Resource(
            name: $0.resource.name, url: $0.body.url, body: Array($0.body.bytes),
            etag: $0.body.validators.etag, lastModified: $0.body.validators.lastModified)
        }))
    catalogStore.replace(
      with: CatalogStore.Loaded(
        catalog: catalog, source: source.name, refreshedAt: refreshedAt, problems: problems))
    progress(Step(completed: total, total: total, message: "saved and in use"))
    return RefreshReport(
      source: source.name, refreshedAt: refreshedAt,
      resources: fetched.resources.map {
        RefreshReport.Resource(
          name: $0.resource.name, url: $0.body.url, notModified: $0.notModified,
          bytes: $0.body.bytes.count)
      },
      problems: problems.map(\.description))
  }
}
