import FanAPI
import FanCore
import FanProtocol
import FanStorage
import FoundationEssentials
import Synchronization

/// Refreshes one universe's catalog from its live source: fetch, validate, persist, then swap.
///
/// Nothing changes until every list (every page of it) has arrived and been validated and the
/// new snapshot is saved; then the in-memory catalog is replaced in one step. A failure at any
/// point leaves both the served catalog and the saved one as they were. One refresh of a
/// universe runs at a time.
package final class CatalogRefresher: Sendable {
  /// A stage of a refresh, for progress notifications.
  package struct Step: Sendable, Equatable {
    /// Steps completed so far.
    package var completed: Int
    /// Steps in all, as far as known (a paged list can make it grow).
    package var total: Int
    /// What just happened.
    package var message: String
  }

  /// The universe it refreshes.
  package let universe: UniverseID
  /// The live source, made on the first refresh (a process that never refreshes never parses
  /// its URL).
  private let source: @Sendable () -> HTTPCatalogSource?
  private let catalog: LazyCurrentCatalog
  private let openStore: @Sendable () throws -> any CatalogSnapshotStore
  private let running = Mutex(false)

  /// A refresher of `universe`'s catalog (held by `catalog`, loaded or not) from the source
  /// `source` makes when a refresh first asks (nil when the service has no live source for it),
  /// saving into the store `openStore` returns.
  package init(
    universe: UniverseID, source: @escaping @Sendable () -> HTTPCatalogSource?,
    catalog: LazyCurrentCatalog,
    openStore: @escaping @Sendable () throws -> any CatalogSnapshotStore
  ) {
    self.universe = universe
    self.source = source
    self.catalog = catalog
    self.openStore = openStore
  }

  /// The universe whose saved snapshots are kept under their URL alone: Breaking Bad, so that
  /// the data directories that saved its snapshots before there were other universes still
  /// serve them.
  package static let keyedByURLAlone = UniverseID.breakingBad

  /// What the saved snapshot of `universe` from `source` is kept under: the URL for Breaking
  /// Bad (the key its existing snapshots have), `UNIVERSE URL` for the others, so a URL given
  /// to another universe on a later start never reads this one's lists.
  package static func storageKey(universe: UniverseID, source: String) -> String {
    universe == keyedByURLAlone ? source : "\(universe.rawValue) \(source)"
  }

  /// The name a body has in the saved snapshot: the list's name for its only or first page,
  /// `NAME page N` for page N of a paged list.
  package static func storedName(of resource: CatalogResource, page: Int) -> String {
    page == 1 ? resource.name : "\(resource.name) page \(page)"
  }

  /// The list and page of a stored body's name, if it names one of `resources`.
  package static func listAndPage(of name: String, in resources: [CatalogResource]) -> (
    CatalogResource, Int
  )? {
    if let resource = resources.first(where: { $0.name == name }) { return (resource, 1) }
    for resource in resources where name.hasPrefix(resource.name + " page ") {
      guard let page = Int(name.dropFirst(resource.name.count + 6)), page > 1 else { continue }
      return (resource, page)
    }
    return nil
  }

  /// A catalog made by a refresh (or kept from the one in use) and the problems met making it.
  private typealias Made = (catalog: Catalog, problems: [MappingProblem])

  /// Runs a refresh; `progress` hears each step.
  package func refresh(progress: @Sendable (Step) -> Void) async throws -> RefreshReport {
    guard let source = source() else { throw CatalogRefreshError.noLiveSource(universe) }
    guard claimTheRun() else { throw CatalogRefreshError.alreadyRunning }
    defer { running.withLock { $0 = false } }

    let store = try openStore()
    let key = Self.storageKey(universe: universe, source: source.name)
    let saved = try await savedSnapshot(in: store, key: key)
    // The catalog in use. None is loaded yet in a one-shot call: then the saved snapshot is what
    // would load, and it is loaded only if it must be.
    let loaded = catalog.loadedCatalog?.current
    // The saved bodies are known good when the catalog in use was made from them, or, with none
    // loaded, when they were saved with a summary: by a refresh that checked every record first.
    let knownGood =
      loaded.map { Self.madeFrom(saved, inUse: $0, source: source.name) }
      ?? (saved?.summary != nil)
    let cached = Self.cachedBodies(of: saved, lists: source.universe.resources)
    let (fetched, total) = try await fetch(
      from: source, cached: cached, knownGood: knownGood, progress: progress)
    let digest = CurrentCatalog.digest(of: fetched.bodies, in: source.universe)
    let changed = Self.isAnotherCatalog(
      loaded: loaded, saved: saved, source: source, digest: digest)
    let (made, summary) = try Self.make(
      from: fetched, source: source, loaded: loaded, saved: saved,
      unchanged: knownGood && Self.isUnchanged(fetched, cached: cached))
    progress(
      Step(
        completed: total - 1, total: total,
        message: "validated \(Self.summary(of: summary.counts))"))
    // The last point at which a cancellation is honoured: after it, the refresh completes.
    try Task.checkCancellation()
    let refreshedAt = await store.now()
    var snapshot = Self.snapshot(of: fetched, key: key, refreshedAt: refreshedAt, summary: summary)
    // The digest that names the catalog in use, saved with its bodies, so that another process
    // names the catalog without reading them (`CurrentCatalog.stored`); a process that reads
    // them computes the same (`CatalogImageTests.savedDigestInPlace`).
    snapshot.digest = digest
    try await store.saveCatalog(snapshot)
    putInUse(made, source: source.name, refreshedAt: refreshedAt, digest: digest)
    progress(Step(completed: total, total: total, message: "saved and in use"))
    return report(
      of: fetched, source: source.name, refreshedAt: refreshedAt, changed: changed,
      summary: summary)
  }

  /// Marks a refresh as running; false when one already is.
  private func claimTheRun() -> Bool {
    running.withLock { running -> Bool in
      if running { return false }
      running = true
      return true
    }
  }

  /// The snapshot saved under `key`, without a summary made by another version of bbfan: its
  /// decoding or mapping may differ from what this one would make of the same bodies.
  private func savedSnapshot(in store: any CatalogSnapshotStore, key: String) async throws
    -> StoredCatalog?
  {
    var saved = try await store.catalog(source: key)
    if saved?.summary?.madeBy != ServiceVersion.version { saved?.summary = nil }
    return saved
  }

  /// The saved bodies of `lists`, by URL, with the validators to revalidate them.
  private static func cachedBodies(of saved: StoredCatalog?, lists: [CatalogResource])
    -> [String: HTTPBody]
  {
    var cached: [String: HTTPBody] = [:]
    for resource in saved?.resources ?? [] {
      guard listAndPage(of: resource.name, in: lists) != nil else { continue }
      cached[resource.url] = HTTPBody(
        url: resource.url, bytes: Data(resource.body), contentType: nil,
        validators: CacheValidators(etag: resource.etag, lastModified: resource.lastModified))
    }
    return cached
  }

  /// Fetches every list (every page) from `source`, revalidating `cached` (and trusting a 304
  /// for it when it is `knownGood`), telling `progress` of each arrival; returns what arrived
  /// and the number of steps in all.
  private func fetch(
    from source: HTTPCatalogSource, cached: [String: HTTPBody], knownGood: Bool,
    progress: @Sendable (Step) -> Void
  ) async throws -> (HTTPCatalogSource.Fetched, total: Int) {
    let resources = source.universe.resources
    progress(
      Step(completed: 0, total: resources.count + 2, message: "fetching from \(source.name)"))
    let fetched: HTTPCatalogSource.Fetched
    let expected = Mutex(resources.count)
    do {
      fetched = try await source.fetch(
        cached: cached,
        confirmed: knownGood ? Set(cached.keys) : []
      ) { arrived in
        expected.withLock { $0 = arrived.expected }
        let page =
          arrived.pageCount.map { " page \(arrived.page) of \($0)" }
          ?? (arrived.page > 1 ? " page \(arrived.page)" : "")
        progress(
          Step(
            completed: arrived.fetched, total: arrived.expected + 2,
            message: "received \(arrived.resource.name)\(page)"))
      }
    } catch let error as UpstreamError {
      throw CatalogRefreshError.fetchFailed(error)
    }
    return (fetched, expected.withLock { $0 } + 2)
  }

  /// Whether the catalog a request would use now is another than the one `digest` names: the
  /// one in use, or else the saved snapshot that would load (or the embedded one, when none is
  /// saved).
  private static func isAnotherCatalog(
    loaded: CurrentCatalog.Loaded?, saved: StoredCatalog?, source: HTTPCatalogSource,
    digest: String
  ) -> Bool {
    loaded.map { $0.source != source.name || $0.digest != digest }
      ?? saved.map {
        ($0.digest
          ?? CurrentCatalog.digest(
            of: CurrentCatalog.bodies(of: $0, in: source.universe), in: source.universe))
          != digest
      } ?? true
  }

  /// What is now served: a catalog made (or kept from the one in use) and its summary, or, when
  /// nothing is loaded and nothing changed, only the summary saved with the bodies.
  private static func make(
    from fetched: HTTPCatalogSource.Fetched, source: HTTPCatalogSource,
    loaded: CurrentCatalog.Loaded?, saved: StoredCatalog?, unchanged: Bool
  ) throws -> (Made?, StoredCatalog.Summary) {
    let resources = source.universe.resources
    if unchanged, let loaded {
      // The server confirmed every saved body (304), and the catalog in use was made from
      // exactly those bodies: making it again would give the same catalog.
      return (
        (loaded.catalog, loaded.problems),
        summary(of: loaded.catalog, lists: resources, problems: loaded.problems)
      )
    }
    if unchanged, let kept = saved?.summary {
      // Nothing loaded, nothing changed: what the catalog holds was saved with the bodies.
      return (nil, kept)
    }
    let new: Made
    do {
      new = try source.universe.catalog(from: fetched.bodies)
    } catch {
      // Every body was validated as it arrived, so this is only a list that went missing.
      throw CatalogRefreshError.fetchFailed(
        UpstreamError(url: source.name, failure: HTTPCatalogSource.failure(for: error)))
    }
    return (new, summary(of: new.catalog, lists: resources, problems: new.problems))
  }

  /// The snapshot to save: every fetched body under its stored name, with its validators.
  private static func snapshot(
    of fetched: HTTPCatalogSource.Fetched, key: String, refreshedAt: Int64,
    summary: StoredCatalog.Summary
  ) -> StoredCatalog {
    StoredCatalog(
      source: key, refreshedAt: refreshedAt,
      resources: fetched.resources.map {
        StoredCatalog.Resource(
          name: storedName(of: $0.resource, page: $0.page), url: $0.body.url,
          body: Array($0.body.bytes), etag: $0.body.validators.etag,
          lastModified: $0.body.validators.lastModified)
      }, summary: summary)
  }

  /// Puts the refreshed catalog in use once its snapshot is saved.
  private func putInUse(_ made: Made?, source: String, refreshedAt: Int64, digest: String) {
    if let made {
      // Replaces the catalog in use, or becomes it without the saved one being loaded first.
      // With the same bodies (the catalog in use, kept), its identity stays: its page cursors
      // still work.
      _ = catalog.currentCatalog(
        holding: CurrentCatalog.Loaded(
          catalog: made.catalog, source: source, refreshedAt: refreshedAt,
          problems: made.problems, digest: digest))
    } else if let meanwhile = catalog.loadedCatalog?.current {
      // A request loaded the catalog while the lists were fetched, from the same bodies: it is
      // the one in use, confirmed now.
      _ = catalog.currentCatalog(
        holding: CurrentCatalog.Loaded(
          catalog: meanwhile.catalog, source: source, refreshedAt: refreshedAt,
          problems: meanwhile.problems, digest: digest))
    }
    // Otherwise nothing is loaded: a later use loads the snapshot just saved.
  }

  /// The refresh's reply: what arrived, what the catalog holds and the problems met.
  private func report(
    of fetched: HTTPCatalogSource.Fetched, source: String, refreshedAt: Int64, changed: Bool,
    summary: StoredCatalog.Summary
  ) -> RefreshReport {
    RefreshReport(
      universe: universe, source: source, refreshedAt: refreshedAt, changed: changed,
      counts: summary.counts,
      resources: fetched.resources.map {
        RefreshReport.Resource(
          name: $0.resource.name, url: $0.body.url, page: $0.paged ? $0.page : nil,
          notModified: $0.notModified, bytes: $0.body.bytes.count)
      },
      problems: summary.problems)
  }

  /// Whether `fetched` is the saved snapshot unchanged: the server answered 304 for every body,
  /// and those were all the saved bodies (`cached`).
  private static func isUnchanged(
    _ fetched: HTTPCatalogSource.Fetched, cached: [String: HTTPBody]
  ) -> Bool {
    guard fetched.resources.allSatisfy(\.notModified) else { return false }
    let urls = Set(fetched.resources.map(\.body.url))
    return urls.count == fetched.resources.count && urls == Set(cached.keys)
  }

  /// Whether the catalog in use was made from `saved`, the snapshot saved from `source`: same
  /// source, same refresh time (no refresh, of this process or another, has replaced it since).
  ///
  /// Then each saved body was validated record by record before it was saved, and decoded since
  /// into the catalog in use: a 304 for it needs no validating again.
  private static func madeFrom(
    _ saved: StoredCatalog?, inUse: CurrentCatalog.Loaded, source: String
  ) -> Bool {
    guard let saved else { return false }
    return inUse.source == source && inUse.refreshedAt == saved.refreshedAt
  }

  /// What `catalog` holds, as it is saved with its bodies.
  private static func summary(
    of catalog: Catalog, lists: [CatalogResource], problems: [MappingProblem]
  ) -> StoredCatalog.Summary {
    StoredCatalog.Summary(
      counts: ServedCatalogs.counts(of: catalog, lists: lists),
      problems: problems.map(\.description),
      madeBy: ServiceVersion.version)
  }

  /// `62 episodes, 57 characters and 70 quotes`: what a catalog holds, for progress.
  private static func summary(of counts: [String: Int]) -> String {
    var parts = ["\(counts["episodes"] ?? 0) episodes", "\(counts["characters"] ?? 0) characters"]
    if let quotes = counts["quotes"] { parts.append("\(quotes) quotes") }
    if let locations = counts["locations"] { parts.append("\(locations) locations") }
    return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
  }
}
