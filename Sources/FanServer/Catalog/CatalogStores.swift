import FanAPI
import FanCore

/// The catalog store of every universe the service serves, keyed by universe.
///
/// The primary universe's store is loaded at start; the others may load on first use.
package struct CatalogStores: Sendable {
  /// The store of the universe a request means when it names none.
  package let primary: CatalogStore
  private let others: [UniverseID: LazyCatalogStore]

  /// `primary` and the stores of other universes (a later store of the same universe is
  /// ignored).
  package init(primary: CatalogStore, others: [LazyCatalogStore] = []) {
    var stores: [UniverseID: LazyCatalogStore] = [:]
    for store in others where store.universe != primary.universe && stores[store.universe] == nil {
      stores[store.universe] = store
    }
    self.primary = primary
    self.others = stores
  }

  /// The store of `universe` (the primary one when nil), loading it if needed; nil when the
  /// service does not serve it.
  package func store(_ universe: UniverseID?) throws -> CatalogStore? {
    guard let universe, universe != primary.universe else { return primary }
    return try others[universe]?.store()
  }

  /// The universes served, in `Universes.all` order.
  package var universes: [UniverseID] {
    Universes.all.map(\.id).filter { $0 == primary.universe || others[$0] != nil }
  }

  /// The catalog a request means.
  ///
  /// That is the catalog of `universe`; else of the universe `series` belongs to; else the
  /// primary one. A series of another universe than `universe` is an invalid value.
  package func loaded(universe: UniverseID?, series: Series? = nil) throws -> CatalogStore.Loaded {
    let owner = series.flatMap { series in Universes.all.first { $0.series.contains(series) } }
    if let universe, let series, let owner, owner.id != universe {
      throw CatalogError.invalidValue(
        field: "series",
        problem: "\(series) is a series of \(owner.id), not of \(universe); drop one of them")
    }
    let wanted = universe ?? owner?.id
    guard let store = try store(wanted) else {
      throw CatalogError.invalidValue(
        field: "universe", problem: "\(wanted ?? primary.universe) is not served")
    }
    return store.current
  }
}
