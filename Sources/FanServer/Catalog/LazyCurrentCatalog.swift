import FanCore
import FanProtocol
import Synchronization

/// A universe's current catalog made on first use, so that a universe nobody asks for costs
/// nothing at start.
package final class LazyCurrentCatalog: Sendable {
  /// The universe it holds.
  package let universe: UniverseID
  private let load: @Sendable () throws -> CurrentCatalog.Loaded
  private let counts: (@Sendable () throws -> [String: Int])?
  private let state = Mutex<CurrentCatalog?>(nil)
  private let countedBeforeLoading = Mutex<[String: Int]?>(nil)

  /// A catalog of `universe` that `load` fills on first use; `counts`, when given, tells the size
  /// of each list of the catalog `load` would make, without making it (for the embedded
  /// snapshot, whose records all load).
  package init(
    universe: UniverseID, load: @escaping @Sendable () throws -> CurrentCatalog.Loaded,
    counts: (@Sendable () throws -> [String: Int])? = nil
  ) {
    self.universe = universe
    self.load = load
    self.counts = counts
  }

  /// A catalog already loaded.
  package init(_ store: CurrentCatalog) {
    self.universe = store.universe
    self.load = { store.current }
    self.counts = nil
    state.withLock { $0 = store }
  }

  /// The catalog if it is loaded; nil before its first use.
  package var loadedCatalog: CurrentCatalog? { state.withLock { $0 } }

  /// The size of each list, by name, of the catalog a first use would load, when the catalog
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

  /// The catalog, holding `loaded` from now on: replaced by it, or, when it was not loaded yet,
  /// made with it instead of loading what it would have (a refresh has made a newer catalog).
  package func currentCatalog(holding loaded: CurrentCatalog.Loaded) -> CurrentCatalog {
    state.withLock { state in
      if let store = state {
        store.replace(with: loaded)
        return store
      }
      let store = CurrentCatalog(loaded)
      state = store
      return store
    }
  }

  /// The catalog, loading it on first use (once, even when asked from several requests at once).
  package func currentCatalog() throws -> CurrentCatalog {
    try state.withLock { state in
      if let store = state { return store }
      let store = CurrentCatalog(try load())
      state = store
      return store
    }
  }
}
