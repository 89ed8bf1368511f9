import FanAPI
import FanCore
import FanProtocol
import JSON

/// The current catalog of every universe the service serves, keyed by universe.
///
/// Each may load at start or on first use, the primary universe's included.
package struct ServedCatalogs: Sendable {
  /// The universe a request means when it names none.
  package let primaryUniverse: UniverseID
  private let primaryCatalog: LazyCurrentCatalog
  private let others: [UniverseID: LazyCurrentCatalog]
  /// The universes the service knows, whose catalogs these are (or some of them).
  package let universeList: UniverseList

  /// `primary`, the catalog of the universe a request means when it names none, and the catalogs
  /// of other universes of `universeList` (a later one of the same universe is ignored).
  package init(
    primary: LazyCurrentCatalog, others: [LazyCurrentCatalog] = [], universeList: UniverseList
  ) {
    var stores: [UniverseID: LazyCurrentCatalog] = [:]
    for store in others where store.universe != primary.universe && stores[store.universe] == nil {
      stores[store.universe] = store
    }
    self.primaryUniverse = primary.universe
    self.primaryCatalog = primary
    self.others = stores
    self.universeList = universeList
  }

  /// `primary`, already loaded, and the catalogs of other universes.
  package init(
    primary: CurrentCatalog, others: [LazyCurrentCatalog] = [], universeList: UniverseList
  ) {
    self.init(primary: LazyCurrentCatalog(primary), others: others, universeList: universeList)
  }

  /// The catalog of the universe a request means when it names none, loading it if needed.
  package func primary() throws -> CurrentCatalog {
    try primaryCatalog.currentCatalog()
  }

  /// The catalog of `universe` (the primary one when nil), loading it if needed; nil when the
  /// service does not serve it.
  package func currentCatalog(_ universe: UniverseID?) throws -> CurrentCatalog? {
    guard let universe, universe != primaryUniverse else {
      return try primaryCatalog.currentCatalog()
    }
    return try others[universe]?.currentCatalog()
  }

  /// The lazy catalog of `universe`, loaded or not; nil when the service does not serve it.
  package func lazyCatalog(_ universe: UniverseID) -> LazyCurrentCatalog? {
    universe == primaryUniverse ? primaryCatalog : others[universe]
  }

  /// What `service.info` says of a universe: where its catalog comes from, when it was
  /// refreshed, and each list's size.
  package struct Summary: Sendable, Equatable {
    /// `embedded`, or the live source's base URL.
    package var source: String
    /// When it was fetched from the live source (milliseconds since 1970); nil for embedded.
    package var refreshedAt: Int64?
    /// The number of records of each list, by list name.
    package var counts: [String: Int]
  }

  /// The summary of `universe`, without loading a catalog that is not loaded yet when its
  /// catalog can count its lists without it (the embedded snapshot): asking about a universe
  /// should not cost what using it does.
  package func summary(of universe: UniverseID) throws -> Summary? {
    guard let lazy = lazyCatalog(universe) else { return nil }
    return try summary(of: lazy)
  }

  /// The summary of the universe a request means when it names none (see `summary(of:)`).
  package func primarySummary() throws -> Summary {
    try summary(of: primaryCatalog)
  }

  private func summary(of lazy: LazyCurrentCatalog) throws -> Summary {
    if lazy.loadedCatalog == nil, let counts = try lazy.countsBeforeLoading() {
      return Summary(source: EmbeddedCatalogSource.sourceName, refreshedAt: nil, counts: counts)
    }
    let loaded = try lazy.currentCatalog().current
    return Summary(
      source: loaded.source, refreshedAt: loaded.refreshedAt,
      counts: Self.counts(
        of: loaded.catalog, lists: universeList.named(loaded.catalog.universe)?.resources ?? []))
  }

  /// The size of each list of `catalog`, by list name: episodes, characters, and quotes or
  /// locations as its universe has them (`lists`, the universe's).
  package static func counts(of catalog: Catalog, lists: [CatalogResource]) -> [String: Int] {
    // `characterCount`: a catalog opened from an image reads its characters' records only when
    // a query needs them.
    var counts = ["episodes": catalog.episodes.count, "characters": catalog.characterCount]
    for resource in lists {
      if resource.name == "quotes" { counts["quotes"] = catalog.quotes.count }
      if resource.name == "locations" { counts["locations"] = catalog.locations.count }
    }
    return counts
  }

  /// What the universes' summaries depend on: a number that grows whenever a summary may
  /// change.
  ///
  /// Each universe adds nothing while its catalog is not loaded, and one more than its catalog's
  /// `version` (its count of replacements) once it is; every part only grows, so the sum grows
  /// when any part does. Computed on every `service.info`, without allocating.
  package var version: UInt64 {
    var total = Self.version(of: primaryCatalog)
    for store in others.values { total &+= Self.version(of: store) }
    return total
  }

  private static func version(of lazy: LazyCurrentCatalog) -> UInt64 {
    lazy.loadedCatalog.map { $0.version &+ 1 } ?? 0
  }

  /// Whether the catalog of `universe` is loaded.
  package func isLoaded(_ universe: UniverseID) -> Bool {
    lazyCatalog(universe)?.loadedCatalog != nil
  }

  /// The universes served, in `universeList` order.
  package var universes: [UniverseID] {
    universeList.ids.filter { $0 == primaryUniverse || others[$0] != nil }
  }

  /// The catalog a request means.
  ///
  /// That is the catalog of `universe`; else of the universe `series` belongs to; else the
  /// primary one. A series of another universe than `universe` is an invalid value.
  package func loaded(universe: UniverseID?, series: Series? = nil) throws -> CurrentCatalog.Loaded
  {
    let owner = series.flatMap { universeList.owner(of: $0) }
    if let universe, let series, let owner, owner.id != universe {
      throw CatalogError.invalidValue(
        field: "series",
        problem: "\(series) is a series of \(owner.id), not of \(universe); drop one of them")
    }
    let wanted = universe ?? owner?.id
    guard let store = try currentCatalog(wanted) else {
      throw CatalogError.invalidValue(
        field: "universe",
        problem: "\(BriefQuote.bare((wanted ?? primaryUniverse).rawValue)) is not served")
    }
    return store.current
  }
}
