import FanCore
import FanProtocol
import FanStorage
import JSONRPC

extension FanService {
  /// How long a failed read of the saved refreshes waits before it is made again.
  static let savedRefreshRetryInterval = Duration.milliseconds(100)

  /// How many times a failed read of the saved refreshes is made again after a commit.
  static let savedRefreshAttempts = 50

  /// Follows the stores' changes while any connection of this service is subscribed.
  ///
  /// Each connection runs it beside itself (`JSONRPCConnection`'s companion) until cancelled;
  /// one of them at a time follows, the others wait to take over. Until then it sleeps, woken
  /// only when a subscription is added or the follower lets the watches go.
  ///
  /// Each store's `ChangeWatch` (see [Storage](Docs/Storage.md)) says when something may have
  /// been committed, whoever committed it: the data directory's (SQLite's `PRAGMA
  /// data_version` on a connection of its own) and the shared database's (PostgreSQL's
  /// `LISTEN`). Then the favourite counts are read on the watch's own connection (never inside
  /// a transaction of the store's) and the notifier compares them; after a commit on the data
  /// directory, the refreshes other processes saved are served and announced too.
  package func watchChanges() async {
    // Ends when the task is cancelled.
    for await _ in notifier.wakeups() {
      if notifier.hasSubscribers, let watches = notifier.claimWatches(make: storage.changeWatches) {
        defer { notifier.releaseWatches() }
        await withDiscardingTaskGroup { group in
          for (index, watch) in watches.enumerated() {
            group.addTask { await follow(watch, holdsCatalogs: index == 0) }
          }
        }
        return
      }
    }
  }

  /// Reads what changed each time `watch` says something may have, until cancelled.
  private func follow(_ watch: any ChangeWatch, holdsCatalogs: Bool) async {
    while true {
      do {
        try await watch.nextChange()
      } catch {
        return
      }
      if let generation = notifier.generationOfCounts {
        do {
          if let (counts, tops) = try favoriteCounts(from: watch) {
            notifier.countsRead(counts, tops: tops, generation: generation)
          }
        } catch {
          log.warning(
            "notifications: the favourite counts cannot be read ("
              + "\(ErrorMapping.logText(for: error)))")
        }
      }
      if holdsCatalogs, notifier.hasSubscribers(to: .catalog) {
        announceSavedRefreshes()
        // A read that failed (another process was writing) is made again shortly, a few times,
        // rather than waiting for the next commit: the refresh it missed is not lost.
        var attempts = 0
        while snapshots.looksAgain, attempts < Self.savedRefreshAttempts {
          attempts += 1
          do { try await Task.sleep(for: Self.savedRefreshRetryInterval) } catch { return }
          announceSavedRefreshes()
        }
      }
    }
  }

  /// Every served universe's favourite counts by quote id (quotes without any left out) and its
  /// Top 3 as `favorites.top` gives it, without `isFavorite`, read on `watch`'s connection; nil
  /// when that store does not keep the favourites.
  func favoriteCounts(from watch: any ChangeWatch) throws -> (
    [UniverseID: [Int: Int]], [UniverseID: ChangeNotifier.Top]
  )? {
    var counts: [UniverseID: [Int: Int]] = [:]
    var tops: [UniverseID: ChangeNotifier.Top] = [:]
    for universe in servedCatalogs.universes {
      guard let byID = try watch.favoriteCounts(universe: universe) else { return nil }
      counts[universe] = byID
      // Count descending, ties by quote id, as favorites.top ranks them.
      let first = byID.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        .prefix(3)
      // A universe nobody favoured has an empty Top 3, known without loading its catalog.
      let records =
        first.isEmpty
        ? []
        : try QuoteLookup(universe, in: servedCatalogs).records(
          first.map(\.key), favorites: nil, counts: byID)
      tops[universe] = ChangeNotifier.Top(
        ranking: records.map { [$0.id, $0.favoriteCount ?? 0] }, records: records)
    }
    return (counts, tops)
  }

  /// The counts and Top 3s as they are now, from the watches of the stores that keep the
  /// favourites (`favoriteCounts(from:)`).
  func currentFavoriteCounts() throws -> (
    counts: [UniverseID: [Int: Int]], tops: [UniverseID: ChangeNotifier.Top]
  ) {
    // The store made (or migrated) first, so that its tables are there to read.
    _ = try storage.favorites()
    for watch in notifier.watches(make: storage.changeWatches).reversed() {
      if let (counts, tops) = try favoriteCounts(from: watch) { return (counts, tops) }
    }
    return ([:], [:])
  }

  /// Serves the refreshes other processes saved (`followSavedRefreshes`) and tells the
  /// connections subscribed to those catalogs; returns the universes whose catalog that replaced.
  @discardableResult
  package func announceSavedRefreshes() -> [UniverseID] {
    let changed = followSavedRefreshes()
    for universe in changed {
      guard let loaded = servedCatalogs.lazyCatalog(universe)?.loadedCatalog?.current else {
        continue
      }
      notifier.catalogChanged(
        universe, refreshedAt: Timestamp.iso8601(milliseconds: loaded.refreshedAt ?? 0))
    }
    return changed
  }

  /// Subscribes the connection of `push` to exactly `topics`, of every universe, as
  /// `notifications.subscribe` and `notifications.unsubscribe` would: another interface to the
  /// service (MCP's) follows changes through it and translates what is pushed.
  package func followChanges(_ topics: Set<NotificationTopic>, push: PushChannel) throws {
    // Subscribed first: when reading the counts to start from fails, nothing has changed.
    if !topics.isEmpty {
      let prime =
        topics.contains(.favorites) && notifier.generationOfCounts == nil
        ? try currentFavoriteCounts() : nil
      _ = notifier.subscribe(
        topics.sorted().map { .init(topic: $0, universe: nil) }, push: push, prime: prime)
    }
    let dropped = NotificationTopic.allCases.filter { !topics.contains($0) }
    if !dropped.isEmpty { _ = notifier.unsubscribe(topics: dropped, universe: nil, push: push) }
  }
}
