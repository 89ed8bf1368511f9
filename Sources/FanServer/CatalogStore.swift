import FanAPI
import FanCore
import FanStorage
import FoundationEssentials
import Synchronization

/// The catalog the service answers from, and where it came from.
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
  }

  private let state: Mutex<Loaded>

  /// A store holding `loaded`.
  package init(_ loaded: Loaded) {
    state = Mutex(loaded)
  }

  /// The snapshot embedded in the executable, mapped.
  package static func embeddedCatalog() throws -> Loaded {
    let source = EmbeddedCatalogSource()
    let (snapshot, decodeProblems) = try source.decodeSnapshot()
    let (catalog, mapProblems) = CatalogMapper.map(snapshot)
    return Loaded(
      catalog: catalog, source: source.name, refreshedAt: nil,
      problems: decodeProblems + mapProblems)
  }

  /// The catalog last refreshed from `source` and kept in `directory`, or nil if there is none.
  package static func stored(source: String, directory: String) throws -> Loaded? {
    guard let stored = try FanStore.readCatalog(directory: directory, source: source) else {
      return nil
    }
    func body(_ resource: CatalogResource) throws -> [UInt8] {
      guard let found = stored.resources.first(where: { $0.name == resource.rawValue }) else {
        throw SourceError.missingResource(resource.rawValue)
      }
      return found.body
    }
    let (snapshot, decodeProblems) = try SnapshotDecoder.decode(
      characters: Data(try body(.characters)), episodes: Data(try body(.episodes)),
      quotes: Data(try body(.quotes)))
    let (catalog, mapProblems) = CatalogMapper.map(snapshot)
    return Loaded(
      catalog: catalog, source: source, refreshedAt: stored.refreshedAt,
      problems: decodeProblems + mapProblems)
  }

  /// The current catalog; a reader keeps the one it got for the whole request.
  package var current: Loaded { state.withLock { $0 } }

  /// Replaces the catalog in one step.
  package func replace(with loaded: Loaded) {
    state.withLock { $0 = loaded }
  }
}
