import FanCore
import FanStorage
import Synchronization

/// A universe's catalog store made on first use, so that a universe nobody asks for costs
/// nothing at start.
package final class LazyCatalogStore: Sendable {
  /// The saved snapshot a load starts from.
  package enum Saved: Sendable {
    /// Not read yet: the load reads it.
    case unread
    /// Read already by the one who asks (nil when none is saved): the load uses it as it is.
    case read(StoredCatalog?)
  }

  /// The universe it holds.
  package let universe: UniverseID
  private let load: @Sendable (Saved) throws -> CatalogStore.Loaded
  private let counts: (@Sendable () throws -> [String: Int])?
  private let state = Mutex<CatalogStore?>(nil)
  private let countedBeforeLoading = Mutex<[String: Int]?>(nil)

  /// A store of `universe` that `load` fills on first use, from the saved snapshot it is given
  /// or reads; `counts`, when given, tells the size of each list of the catalog `load` would
  /// make, without making it (for the embedded snapshot, whose records all load).
  package init(
    universe: UniverseID, load: @escaping @Sendable (Saved) throws -> CatalogStore.Loaded,
    counts: (@Sendable () throws -> [String: Int])? = nil
  ) {
    self.universe = universe
    self.load = load
    self.counts = counts
  }

  /// A store already loaded.
  package init(_ store: CatalogStore) {
    self.universe = store.universe
    self.load = { _ in store.current }
    self.counts = nil
    state.withLock { $0 = store }
  }

  /// The store if it is loaded; nil before its first use.
  package var loadedStore: CatalogStore? { state.withLock { $0 } }

  /// The size of each list, by name, of the catalog a first use would load, when the store
  /// can tell without loading it; nil when only loading can tell.
  ///
  /// They are counted once and kept: the data they count does not change before the load.
  package func countsBeforeLoading() throws -> [String: Int]? {
    guard let counts else { return nil }
    return try countedBeforeLoading.withLock { kept in
      if let kept { return kept }
      let counted = try counts()
      kept = counted
      return counted
    }
  }

  /// The store, loading it on first use (once, even when asked from several requests at once)
  /// from `saved`: a refresh that has just read the saved snapshot passes it, so that it is not
  /// read twice.
  package func store(from saved: Saved = .unread) throws -> CatalogStore {
    try state.withLock { state in
      if let store = state { return store }
      let store = CatalogStore(try load(saved))
      state = store
      return store
    }
  }
}
