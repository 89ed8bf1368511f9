import FanCore
import FanProtocol
import FanStorage

extension FanService {
  /// How often the watch looks for commits while a connection is subscribed.
  static let changeWatchInterval = Duration.milliseconds(100)

  /// Watches for committed changes while any connection is subscribed, until cancelled (each
  /// connection runs it beside itself, `JSONRPCConnection`'s companion).
  ///
  /// Every `changeWatchInterval` it asks the data directory's database whether anything was
  /// committed since it last looked (SQLite's `PRAGMA data_version`, read on a connection of
  /// its own: it changes on every commit of another connection, this process's writer's
  /// included). Then it reads the favourite counts, and the refreshes saved by other
  /// processes, and tells the notifier. Favourites kept in a shared PostgreSQL database change
  /// without the data directory knowing: their counts are read at every look.
  package func watchChanges() async {
    let feed = configuration.snapshotReader()
    let sharedFavorites = configuration.database != nil
    while !Task.isCancelled {
      let generation = notifier.generationOfCounts
      let catalogs = notifier.hasSubscribers(to: .catalog)
      if generation != nil || catalogs {
        let committed = feed.mayHaveChanged()
        if let generation, committed || sharedFavorites {
          do {
            let (counts, tops) = try await favoriteCounts()
            notifier.countsRead(counts, tops: tops, generation: generation)
          } catch {
            log.warning("notifications: the favourite counts cannot be read (\(error))")
          }
        }
        if catalogs, committed { announceSavedRefreshes() }
      }
      do {
        try await Task.sleep(for: Self.changeWatchInterval)
      } catch {
        return
      }
    }
  }

  /// Every served universe's favourite counts by quote id (quotes without any left out) and its
  /// Top 3 as `favorites.top` gives it, without `isFavorite`.
  func favoriteCounts() async throws -> (
    [UniverseID: [Int: Int]], [UniverseID: ChangeNotifier.Top]
  ) {
    let store = try storage.favorites()
    var counts: [UniverseID: [Int: Int]] = [:]
    var tops: [UniverseID: ChangeNotifier.Top] = [:]
    for universe in servedCatalogs.universes {
      // Every quote with a count: as many as the universe has quotes favoured.
      let entries = try await store.topFavorites(universe: universe, limit: Int(Int32.max))
      let byID = Dictionary(
        entries.map { ($0.quoteID, $0.count) }, uniquingKeysWith: { first, _ in first })
      counts[universe] = byID
      let first = Array(entries.prefix(3))
      // A universe nobody favoured has an empty Top 3, known without loading its catalog.
      let records =
        first.isEmpty
        ? []
        : try QuoteLookup(universe, in: servedCatalogs).records(
          first.map(\.quoteID), favorites: nil, counts: byID)
      tops[universe] = ChangeNotifier.Top(
        ranking: records.map { [$0.id, $0.favoriteCount ?? 0] }, records: records)
    }
    return (counts, tops)
  }

  /// Serves the refreshes other processes saved (`followSavedRefreshes`) and tells the
  /// connections subscribed to those catalogs.
  func announceSavedRefreshes() {
    for universe in followSavedRefreshes() {
      guard let loaded = servedCatalogs.lazyCatalog(universe)?.loadedCatalog?.current else {
        continue
      }
      notifier.catalogChanged(
        universe, refreshedAt: Timestamp.iso8601(milliseconds: loaded.refreshedAt ?? 0))
    }
  }
}
