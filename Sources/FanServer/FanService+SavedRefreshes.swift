import FanAPI
import FanCore
import FanProtocol
import FanStorage

extension FanService {
  /// Serves the data directory's saved refresh of each universe loaded from a live source, when
  /// one newer than the catalog in use was saved since (by another process, such as a
  /// `bbfan call catalog.refresh`): of the universe's `--source`, or, for a universe given none,
  /// the newest of any source; returns the universes whose catalog that replaced.
  ///
  /// A saved refresh of the bodies in use only brings its refresh time: the catalog, and its
  /// page cursors, stay. Nothing is read while no universe has a live source.
  package func followSavedRefreshes() -> [UniverseID] {
    let live = servedCatalogs.universes.filter {
      configuration.sources[$0] != nil && servedCatalogs.isLoaded($0)
    }
    // Nothing committed since the last look (the engine tells cheaply): nothing to read.
    guard !live.isEmpty, snapshots.mayHaveChanged() else { return [] }
    let saved: [String: Int64]
    do {
      saved = try snapshots.savedSources()
    } catch {
      log.warning(
        "catalog: the data directory's saved refreshes cannot be read ("
          + "\(ErrorMapping.logText(for: error)))")
      snapshots.lookAgain()
      return []
    }
    // A universe given no --source follows the newest refresh saved, from whatever source (as
    // a start would serve it); one given a --source, the refreshes of that source.
    let latest = ServiceConfiguration.latestSavedSources(in: saved)
    var changed: [UniverseID] = []
    for id in live {
      guard let given = configuration.sources[id]?.name else { continue }
      let source =
        configuration.rememberedSources.contains(id) ? latest[id]?.url ?? given : given
      guard let universe = configuration.universes.named(id),
        let lazy = servedCatalogs.lazyCatalog(id), let inUse = lazy.loadedCatalog?.current,
        let refreshedAt = saved[CatalogRefresher.storageKey(universe: id, source: source)],
        inUse.source != source || (inUse.refreshedAt ?? .min) < refreshedAt
      else { continue }
      do {
        guard
          let stored = try CurrentCatalog.stored(
            of: universe, source: source, from: snapshots,
            images: configuration.savedCatalogImages)
        else { continue }
        if stored.identity != inUse.identity { changed.append(id) }
        _ = lazy.currentCatalog(holding: stored)
      } catch {
        log.warning(
          "catalog \(id): the refresh saved by another process cannot be read ("
            + "\(ErrorMapping.logText(for: error))); "
            + "serving the catalog in use")
        snapshots.lookAgain()
      }
    }
    return changed
  }
}
