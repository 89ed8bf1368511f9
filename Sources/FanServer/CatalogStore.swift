import FanAPI
import FanCore
import Synchronization

/// The catalog the service answers from, and where it came from.
package final class CatalogStore: Sendable {
  /// A catalog with its origin.
  package struct Loaded: Sendable {
    /// The catalog.
    package var catalog: Catalog
    /// `embedded`, or the base URL of the source.
    package var source: String
    /// Records that could not be used as they came.
    package var problems: [MappingProblem]
  }

  private let state: Mutex<Loaded>

  /// A store holding `loaded`.
  package init(_ loaded: Loaded) {
    state = Mutex(loaded)
  }

  /// Loads the snapshot embedded in the executable.
  package static func embedded() throws -> CatalogStore {
    let source = EmbeddedCatalogSource()
    let (snapshot, decodeProblems) = try source.decodeSnapshot()
    let (catalog, mapProblems) = CatalogMapper.map(snapshot)
    return CatalogStore(
      Loaded(catalog: catalog, source: source.name, problems: decodeProblems + mapProblems))
  }

  /// The current catalog; a reader keeps the one it got for the whole request.
  package var current: Loaded { state.withLock { $0 } }
}
