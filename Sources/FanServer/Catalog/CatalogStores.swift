import FanAPI
import FanCore

/// The catalog store of every universe the service serves, keyed by universe.
package struct CatalogStores: Sendable {
  /// The store of the universe a request means when it names none.
  package let primary: CatalogStore
  private let stores: [UniverseID: CatalogStore]

  /// `primary` and the stores of other universes (a later store of the same universe is
  /// ignored).
  package init(primary: CatalogStore, others: [CatalogStore] = []) {
    var stores = [primary.universe: primary]
    for store in others where stores[store.universe] == nil { stores[store.universe] = store }
    self.primary = primary
    self.stores = stores
  }

  /// The store of `universe` (the primary one when nil), if the service serves it.
  package func store(_ universe: UniverseID?) -> CatalogStore? {
    guard let universe else { return primary }
    return stores[universe]
  }

  /// Every store, in `Universes.all` order.
  package var all: [CatalogStore] {
    Universes.all.compactMap { stores[$0.id] }
  }
}
