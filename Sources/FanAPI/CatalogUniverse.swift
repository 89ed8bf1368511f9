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

  /// Decodes one body of a list (the whole list, or one page of it) record by record: how many
  /// records decode, a problem for each one that does not, and the next page's URL if the API
  /// pages the list. Throws when the body is not JSON or not of the API's shape.
  func decode(_ resource: CatalogResource, from body: Data) throws(SourceError) -> DecodedList

  /// The page links of `body`, a body of `resource` that decoded before, read without decoding
  /// its records again (a refresh told the body has not changed still needs to know where the
  /// list goes on). Throws as `decode` does when the body is not of the API's shape.
  func pageLinks(of resource: CatalogResource, in body: Data) throws(SourceError) -> PageLinks

  /// The catalog of `bodies` (each list's bodies in order: the whole list, or its pages), and
  /// every problem met decoding and mapping them; a record that cannot be used is reported and
  /// left out.
  func catalog(from bodies: [CatalogResource: [Data]]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  )

  /// The embedded snapshot's body of `resource` (the whole list), nil when there is none.
  ///
  /// By default the file `Data/<id>/<list>.json` embedded in the executable; a universe kept
  /// elsewhere (a test's fixture universe) gives its own.
  func embeddedBody(of resource: CatalogResource) -> String?

  /// How many records the embedded list of `resource` holds, nil when it is not an array;
  /// counted without decoding the list (by default when the files were embedded).
  func embeddedRecordCount(of resource: CatalogResource) -> Int?

  /// The digest of the embedded list of `resource` (the 64-bit FNV-1a hash of its UTF-8 bytes,
  /// in hexadecimal), nil when it has none: by default computed when the files were embedded.
  /// A catalog image made from other bytes than `embeddedBody`'s is not used.
  func embeddedDigest(of resource: CatalogResource) -> String?

  /// The base URL of the universe's public API, which `catalog.refresh` falls back on when the
  /// service was given no source; nil when the universe has none.
  var publicAPI: String? { get }
}

extension CatalogUniverse {
  /// No public API, unless the universe names one.
  package var publicAPI: String? { nil }

  /// Whether the universe has a list named `quotes` (its quotes, and their favourites).
  package var hasQuotes: Bool { resources.contains { $0.name == "quotes" } }

  /// The file `Data/<id>/<list>.json` embedded in the executable.
  package func embeddedBody(of resource: CatalogResource) -> String? {
    EmbeddedResources.files["Data/\(id.rawValue)/\(resource.name).json"]
  }

  /// The array count of the embedded file, counted at build time.
  package func embeddedRecordCount(of resource: CatalogResource) -> Int? {
    EmbeddedResources.arrayCounts["Data/\(id.rawValue)/\(resource.name).json"]
  }

  /// The digest of the embedded file, computed at build time.
  package func embeddedDigest(of resource: CatalogResource) -> String? {
    EmbeddedResources.digests["Data/\(id.rawValue)/\(resource.name).json"]
  }

  /// The bodies of `resource` in `bodies`, in order; a missing list is `missingResource`.
  package func bodies(_ resource: CatalogResource, in bodies: [CatalogResource: [Data]])
    throws(SourceError) -> [Data]
  {
    guard let found = bodies[resource], !found.isEmpty else {
      throw .missingResource(resource.name)
    }
    return found
  }

  /// The one body of `resource` in `bodies`, for an API that does not page its lists.
  package func body(_ resource: CatalogResource, in bodies: [CatalogResource: [Data]])
    throws(SourceError) -> Data
  {
    let found = try self.bodies(resource, in: bodies)
    guard found.count == 1, let body = found.first else {
      throw .wrongShape(
        resource: resource.recordName,
        detail: "expected the list of \(resource.name) in one body, got \(found.count) pages")
    }
    return body
  }
}
