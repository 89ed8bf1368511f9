import FanAPI
import FanCore
import FanStorage
import FoundationEssentials
import Synchronization

/// The catalog of one universe the service answers from, and where it came from.
///
/// A refresh replaces it in one step: a request reads `current` once and keeps that catalog for
/// its whole run, so no reply mixes old and new data.
package final class CatalogStore: Sendable {
  /// A catalog with its origin.
  package struct Loaded: Sendable {
    /// The catalog.
    package var catalog: Catalog
    /// `embedded`, or the base URL of the source.
    package var source: String
    /// When it was fetched from the live source (milliseconds since 1970); nil for embedded.
    package var refreshedAt: Int64?
    /// Records that could not be used as they came.
    package var problems: [MappingProblem]

    /// What tells this catalog from one a refresh replaced it with (for page cursors).
    package var identity: String {
      "\(catalog.universe) \(source) \(refreshedAt.map(String.init) ?? "embedded")"
    }
  }

  private let state: Mutex<Loaded>
  private let replacements = Atomic<UInt64>(0)

  /// A store holding `loaded`.
  package init(_ loaded: Loaded) {
    state = Mutex(loaded)
  }

  /// The snapshot of `universe` embedded in the executable, mapped.
  package static func embeddedCatalog(
    of universe: any CatalogUniverse = Universes.default
  ) throws -> Loaded {
    let source = EmbeddedCatalogSource(universe: universe)
    let (catalog, problems) = try source.catalog()
    return Loaded(catalog: catalog, source: source.name, refreshedAt: nil, problems: problems)
  }

  /// The catalog of `universe` last refreshed from `source` and kept in `directory`, or nil if
  /// there is none; without `checkpointsOnClose`, reading it leaves the database's write-ahead
  /// log as it is (see `SQLiteStore.init`).
  package static func stored(
    of universe: any CatalogUniverse = Universes.default, source: String, directory: String,
    checkpointsOnClose: Bool = true
  ) throws -> Loaded? {
    let key = CatalogRefresher.storageKey(universe: universe.id, source: source)
    guard
      let stored = try SQLiteStore.readCatalog(
        directory: directory, source: key, checkpointsOnClose: checkpointsOnClose)
    else {
      return nil
    }
    return try loaded(of: universe, from: stored, source: source)
  }

  /// The catalog of `universe` made from `stored`, a snapshot saved by a refresh from `source`.
  private static func loaded(
    of universe: any CatalogUniverse = Universes.default, from stored: StoredCatalog,
    source: String
  ) throws -> Loaded {
    var pages: [CatalogResource: [(page: Int, body: Data)]] = [:]
    for resource in stored.resources {
      guard
        let (list, page) = CatalogRefresher.listAndPage(of: resource.name, in: universe.resources)
      else { continue }
      pages[list, default: []].append((page, Data(resource.body)))
    }
    var bodies: [CatalogResource: [Data]] = [:]
    for resource in universe.resources {
      guard let found = pages[resource], found.contains(where: { $0.page == 1 }) else {
        throw SourceError.missingResource(resource.name)
      }
      bodies[resource] = found.sorted { $0.page < $1.page }.map(\.body)
    }
    let (catalog, problems) = try universe.catalog(from: bodies)
    return Loaded(
      catalog: catalog, source: source, refreshedAt: stored.refreshedAt, problems: problems)
  }

  /// The universe whose catalog it holds.
  package var universe: UniverseID { current.catalog.universe }

  /// The current catalog; a reader keeps the one it got for the whole request.
  package var current: Loaded { state.withLock { $0 } }

  /// How many times the catalog was replaced: what a result computed from `current` depends on.
  package var version: UInt64 { replacements.load(ordering: .acquiring) }

  /// Replaces the catalog in one step.
  package func replace(with loaded: Loaded) {
    state.withLock { $0 = loaded }
    replacements.add(1, ordering: .releasing)
  }
}
