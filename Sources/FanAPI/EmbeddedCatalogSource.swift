import FanCore
import FoundationEssentials

/// A universe's snapshot embedded in the executable (`Data/<universe>/<list>.json`).
package struct EmbeddedCatalogSource: CatalogSource {
  /// What every embedded source is called.
  package static let sourceName = "embedded"
  /// Always `embedded`.
  package let name = sourceName
  /// The universe whose files it reads.
  package let universe: any CatalogUniverse

  /// The embedded snapshot of `universe`.
  package init(universe: any CatalogUniverse) {
    self.universe = universe
  }

  /// The embedded files, one per list of the universe.
  package func fetchBodies() async throws -> [CatalogResource: [Data]] {
    try bodies()
  }

  /// The embedded files, one per list of the universe.
  package func bodies() throws(SourceError) -> [CatalogResource: [Data]] {
    var bodies: [CatalogResource: [Data]] = [:]
    for resource in universe.resources {
      guard let text = universe.embeddedBody(of: resource) else {
        throw .missingResource("\(resource.name).json")
      }
      bodies[resource] = [Data(text.utf8)]
    }
    return bodies
  }

  /// How many records each embedded list holds, by list name, counted when the files were
  /// embedded (at build time): for reporting a universe's size before anything needs its
  /// catalog, at no cost, where loading takes tens of milliseconds.
  package func recordCounts() throws(SourceError) -> [String: Int] {
    var counts: [String: Int] = [:]
    for resource in universe.resources {
      guard universe.embeddedBody(of: resource) != nil else {
        throw .missingResource("\(resource.name).json")
      }
      guard let count = universe.embeddedRecordCount(of: resource) else {
        throw .wrongShape(resource: resource.recordName, detail: "expected an array")
      }
      counts[resource.name] = count
    }
    return counts
  }

  /// The catalog of the embedded files, and the records that could not be used as they came.
  package func catalog() throws(SourceError) -> (catalog: Catalog, problems: [MappingProblem]) {
    try universe.catalog(from: bodies())
  }
}
