import FanCore
import Synchronization

/// A universe's catalog store made on first use, so that a universe nobody asks for costs
/// nothing at start.
package final class LazyCatalogStore: Sendable {
  /// The universe it holds.
  package let universe: UniverseID
  private let load: @Sendable () throws -> CatalogStore.Loaded
  private let state = Mutex<CatalogStore?>(nil)

  /// A store of `universe` that `load` fills on first use.
  package init(
    universe: UniverseID, load: @escaping @Sendable () throws -> CatalogStore.Loaded
  ) {
    self.universe = universe
    self.load = load
  }

  /// A store already loaded.
  package init(_ store: CatalogStore) {
    self.universe = store.universe
    self.load = { store.current }
    state.withLock { $0 = store }
  }

  /// The store, loading it on first use (once, even when asked from several requests at once).
  package func store() throws -> CatalogStore {
    try state.withLock { state in
      if let store = state { return store }
      let store = CatalogStore(try load())
      state = store
      return store
    }
  }
}
