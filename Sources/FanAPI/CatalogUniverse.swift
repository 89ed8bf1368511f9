import FanCore
import FoundationEssentials

/// A universe as the catalog layer sees it: the lists its API serves, and how they become a
/// `Catalog`.
///
/// A universe is one type, described in `FanCore/Universes/<Name>/` and made a catalog universe
/// in `FanAPI/Universes/<Name>/` (its DTOs, mapping and routes), then listed in `Universes.all`.
/// Nothing else names it.
package protocol CatalogUniverse: UniverseDescription {
  /// The lists a catalog is made of, in the order a refresh fetches them.
  var resources: [CatalogResource] { get }

  /// Decodes one list record by record: how many records decode, and a problem for each one
  /// that does not. Throws when the body is not JSON or not a list of the API's shape.
  func decode(_ resource: CatalogResource, from body: Data) throws(SourceError) -> (
    records: Int, problems: [MappingProblem]
  )

  /// The catalog of `bodies` (one per resource), and every problem met decoding and mapping
  /// them; a record that cannot be used is reported and left out.
  func catalog(from bodies: [CatalogResource: Data]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  )
}

extension CatalogUniverse {
  /// The body of `resource` in `bodies`; a missing one is `missingResource`.
  package func body(_ resource: CatalogResource, in bodies: [CatalogResource: Data])
    throws(SourceError) -> Data
  {
    guard let body = bodies[resource] else { throw .missingResource(resource.name) }
    return body
  }
}
