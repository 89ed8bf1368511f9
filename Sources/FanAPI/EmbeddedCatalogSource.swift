import FanCore
import FoundationEssentials

/// A universe's snapshot embedded in the executable (`Data/<universe>/<list>.json`).
package struct EmbeddedCatalogSource: CatalogSource {
  /// Always `embedded`.
  package let name = "embedded"
  /// The universe whose files it reads.
  package let universe: any CatalogUniverse

  /// The embedded snapshot of `universe`.
  package init(universe: any CatalogUniverse) {
    self.universe = universe
  }

  /// The embedded files, one per list of the universe.
  package func fetchBodies() async throws -> [CatalogResource: Data] {
    try bodies()
  }

  /// The embedded files, one per list of the universe.
  package func bodies() throws(SourceError) -> [CatalogResource: Data] {
    var bodies: [CatalogResource: Data] = [:]
    for resource in universe.resources {
      let path = "Data/\(universe.id.rawValue)/\(resource.name).json"
      guard let text = EmbeddedResources.files[path] else {
        throw .missingResource("\(resource.name).json")
      }
      bodies[resource] = Data(text.utf8)
    }
    return bodies
  }

  /// The catalog of the embedded files, and the records that could not be used as they came.
  package func catalog() throws(SourceError) -> (catalog: Catalog, problems: [MappingProblem]) {
    try universe.catalog(from: bodies())
  }
}
