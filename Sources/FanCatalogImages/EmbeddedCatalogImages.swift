import FanAPI
import FanCatalogImage
import FanCore
import Synchronization

/// The shipped universes' embedded catalogs as catalog images made at build time
/// (`CatalogImageGenerator`): the seam through which an embedded catalog opens already mapped,
/// sorted and folded.
package enum EmbeddedCatalogImages {
  /// A catalog opened from the binary's own image of a universe, with what it was opened for.
  private struct Opened {
    /// The type of the universe it was opened for.
    let type: ObjectIdentifier
    /// The universe's id.
    let id: String
    /// The digest of the snapshot it was checked against.
    let digest: String
    /// The catalog and its problems.
    let catalog: Catalog
    let problems: [MappingProblem]
  }

  /// The catalogs opened from the binary's own images, kept for the life of the process.
  ///
  /// An embedded image never changes, so a second service of the process opens nothing again,
  /// and a one-shot call does not free a catalog's thousands of records on its way out (the
  /// releases were a thirtieth of a Rick and Morty call). A catalog a refresh replaced stays
  /// here (a few hundred kilobytes for the largest).
  private static let opened = Mutex<[Opened]>([])

  /// The catalog of `universe`'s embedded snapshot and its mapping problems, opened from its
  /// image; nil when there is no image of `universe`, or when the image was not made from the
  /// bytes `universe` embeds (its digest differs) or does not read: then the caller maps the
  /// snapshot as before (`EmbeddedCatalogSource.catalog()`), never a wrong catalog.
  ///
  /// `image` stands for the image made for `universe` (the tests give others); only catalogs
  /// of the binary's own images are kept.
  package static func catalog(of universe: any CatalogUniverse, image: String? = nil) -> (
    catalog: Catalog, problems: [MappingProblem]
  )? {
    guard let digest = CatalogImage.embeddedDigest(of: universe) else { return nil }
    guard image == nil else {
      return image.flatMap { CatalogImage.open($0, universe: universe, digest: digest) }
    }
    let type = ObjectIdentifier(Swift.type(of: universe))
    let id = universe.id.rawValue
    return opened.withLock { opened in
      if let kept = opened.first(where: { $0.type == type && $0.id == id && $0.digest == digest }) {
        return (kept.catalog, kept.problems)
      }
      guard let image = self.image(of: universe),
        let (catalog, problems) = CatalogImage.open(
          image, universe: universe, digest: digest,
          charactersOnDemand: { plainCharacters(of: universe) })
      else { return nil }
      opened.append(
        Opened(type: type, id: id, digest: digest, catalog: catalog, problems: problems))
      return (catalog, problems)
    }
  }

  /// The characters of `universe`'s embedded snapshot mapped by the plain path: what a catalog
  /// opened from the binary's own image reads a character from should its record in the image
  /// not read (the tests read every one: it does not happen).
  private static func plainCharacters(of universe: any CatalogUniverse) -> [ShowCharacter] {
    do {
      return try EmbeddedCatalogSource(universe: universe).catalog().catalog.characters
    } catch {
      // The image was opened because its digest is the snapshot's, which the plain path maps
      // (the tests map both shipped snapshots): a snapshot that does not map has no image.
      preconditionFailure("the embedded snapshot of \(universe.id) does not map: \(error)")
    }
  }

  /// The image of `universe`'s embedded snapshot, nil when none was made.
  package static func image(of universe: any CatalogUniverse) -> String? {
    CatalogImageLiterals.images[universe.id.rawValue]
  }
}
