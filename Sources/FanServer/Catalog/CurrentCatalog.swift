import FanAPI
import FanCatalogImages
import FanCore
import FanProtocol
import FanStorage
import FoundationEssentials
import Synchronization

/// The catalog of one universe the service answers from, and where it came from.
///
/// A refresh replaces it in one step: a request reads `current` once and keeps that catalog for
/// its whole run, so no reply mixes old and new data.
package final class CurrentCatalog: Sendable {
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
    /// The digest of the bodies it was made from (`CurrentCatalog.digest(of:in:)`); nil for
    /// embedded, or when not known.
    package var digest: String? = nil

    /// What tells this catalog from one a refresh replaced it with (for page cursors): its
    /// universe, source and bodies, so that a refresh that finds the same bodies keeps it.
    package var identity: String {
      "\(catalog.universe) \(source) \(digest ?? refreshedAt.map(String.init) ?? "embedded")"
    }
  }

  private let state: Mutex<Loaded>
  private let replacements = Atomic<UInt64>(0)

  /// A catalog holding `loaded`.
  package init(_ loaded: Loaded) {
    state = Mutex(loaded)
  }

  /// The snapshot of `universe` embedded in the executable, mapped: opened from its catalog
  /// image when `image` and the image matches the snapshot (`EmbeddedCatalogImages`), else
  /// mapped here; the same catalog and problems either way.
  package static func embeddedCatalog(
    of universe: any CatalogUniverse = Universes.default, image: Bool = true
  ) throws -> Loaded {
    let source = EmbeddedCatalogSource(universe: universe)
    let opened = image ? EmbeddedCatalogImages.catalog(of: universe) : nil
    let (catalog, problems) = try opened ?? source.catalog()
    return Loaded(catalog: catalog, source: source.name, refreshedAt: nil, problems: problems)
  }

  /// The catalog of `universe` last refreshed from `source` and kept where `snapshots` reads,
  /// or nil if there is none; opened from its image in `images` when there is one of the same
  /// bodies, else mapped (and its image written there).
  ///
  /// The digest the refresh saved with the bodies names the image without the bodies being
  /// read (the seam through which a one-shot call with a saved refresh skips reading and hashing
  /// them); without one, or without its image, the bodies are read and hashed as before.
  package static func stored(
    of universe: any CatalogUniverse = Universes.default, source: String,
    from snapshots: any SnapshotReader, images: SavedCatalogImages? = nil
  ) throws -> Loaded? {
    let key = CatalogRefresher.storageKey(universe: universe.id, source: source)
    if let images, let saved = try snapshots.catalogDigest(source: key),
      let opened = images.catalog(of: universe, digest: saved.digest)
    {
      return Loaded(
        catalog: opened.catalog, source: source, refreshedAt: saved.refreshedAt,
        problems: opened.problems, digest: saved.digest)
    }
    guard let stored = try snapshots.catalog(source: key) else { return nil }
    return try loaded(of: universe, from: stored, source: source, images: images)
  }

  /// The catalog of `universe` made from `stored`, a snapshot saved by a refresh from `source`.
  private static func loaded(
    of universe: any CatalogUniverse = Universes.default, from stored: StoredCatalog,
    source: String, images: SavedCatalogImages?
  ) throws -> Loaded {
    // The digest saved with the bodies, else read from them in place: the bodies are copied out
    // (`bodies(of:in:)`) only when there is no image of them to open.
    let digest = try stored.digest ?? digest(of: stored, in: universe)
    if let opened = images?.catalog(of: universe, digest: digest) {
      return Loaded(
        catalog: opened.catalog, source: source, refreshedAt: stored.refreshedAt,
        problems: opened.problems, digest: digest)
    }
    let bodies = Self.bodies(of: stored, in: universe)
    let (catalog, problems) = try universe.catalog(from: bodies)
    if let images {
      do {
        try images.save(catalog, problems: problems, universe: universe, digest: digest)
      } catch {
        // Not written (a read-only data directory): the next load maps the bodies again, with
        // the same result; nothing a caller sees changes.
      }
    }
    return Loaded(
      catalog: catalog, source: source, refreshedAt: stored.refreshedAt, problems: problems,
      digest: digest)
  }

  /// The bodies of `stored` by list, each list's pages in order; a list whose first page is
  /// missing is left out.
  package static func bodies(of stored: StoredCatalog, in universe: any CatalogUniverse)
    -> [CatalogResource: [Data]]
  {
    var pages: [CatalogResource: [(page: Int, body: Data)]] = [:]
    for resource in stored.resources {
      guard
        let (list, page) = CatalogRefresher.listAndPage(of: resource.name, in: universe.resources)
      else { continue }
      pages[list, default: []].append((page, Data(resource.body)))
    }
    var bodies: [CatalogResource: [Data]] = [:]
    for resource in universe.resources {
      guard let found = pages[resource], found.contains(where: { $0.page == 1 }) else { continue }
      bodies[resource] = found.sorted { $0.page < $1.page }.map(\.body)
    }
    return bodies
  }

  /// The digest of a catalog's bodies, each list's pages in order, the lists in `universe`'s
  /// order: a 64-bit FNV-1a hash of their sizes and bytes, in hexadecimal.
  package static func digest(of bodies: [CatalogResource: [Data]], in universe: any CatalogUniverse)
    -> String
  {
    var hash = digestStart
    for resource in universe.resources {
      for body in bodies[resource] ?? [] {
        hash = body.withUnsafeBytes { adding($0, to: hash) }
      }
    }
    return String(hash, radix: 16)
  }

  /// The FNV-1a offset basis the digest starts from.
  private static let digestStart: UInt64 = 0xcbf2_9ce4_8422_2325

  /// `hash` with one body added: its size (eight bytes, least significant first), then its
  /// bytes.
  ///
  /// The hash is threaded through by value, not captured by a nested function (which kept it in
  /// a box: several nanoseconds a byte, a twentieth of a one-shot call on a saved refresh).
  private static func adding(_ body: UnsafeRawBufferPointer, to hash: UInt64) -> UInt64 {
    func add(_ byte: UInt8, to hash: UInt64) -> UInt64 {
      (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    var running = hash
    var size = UInt64(body.count)
    for _ in 0..<8 {
      running = add(UInt8(truncatingIfNeeded: size), to: running)
      size >>= 8
    }
    for byte in body { running = add(byte, to: running) }
    return running
  }

  /// The digest `digest(of:in:)` gives the bodies `bodies(of:in:)` takes from `stored`.
  ///
  /// Read where `stored` holds them: no copy of the bodies, no dictionary (their first use in a
  /// one-shot call costs the runtime's type look-ups). Throws `missingResource` for the first
  /// list of `universe` whose first page `stored` lacks, as a load of those bodies would.
  package static func digest(of stored: StoredCatalog, in universe: any CatalogUniverse)
    throws(SourceError) -> String
  {
    let lists = universe.resources
    // Each stored body's list (its place in `lists`) and page; -1 for a body of no list.
    var listOf = [Int](repeating: -1, count: stored.resources.count)
    var pageOf = [Int](repeating: 0, count: stored.resources.count)
    for index in stored.resources.indices {
      guard
        let (list, page) = CatalogRefresher.listAndPage(
          of: stored.resources[index].name, in: lists),
        let place = lists.firstIndex(of: list)
      else { continue }
      listOf[index] = place
      pageOf[index] = page
    }
    var hash = digestStart
    for place in lists.indices {
      // The list's bodies in the order they are stored, then by page, as `bodies(of:in:)`
      // sorts them.
      let pages = stored.resources.indices.filter { listOf[$0] == place }
      guard pages.contains(where: { pageOf[$0] == 1 }) else {
        throw .missingResource(lists[place].name)
      }
      for index in pages.sorted(by: { pageOf[$0] < pageOf[$1] }) {
        hash = stored.resources[index].body.withUnsafeBytes { adding($0, to: hash) }
      }
    }
    return String(hash, radix: 16)
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
