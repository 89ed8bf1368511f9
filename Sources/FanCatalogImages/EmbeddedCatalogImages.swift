import FanAPI
import FanCatalogImage
import FanCore

/// The shipped universes' embedded catalogs as catalog images made at build time
/// (`CatalogImageGenerator`): the seam through which an embedded catalog opens already mapped,
/// sorted and folded.
package enum EmbeddedCatalogImages {
  /// The catalog of `universe`'s embedded snapshot and its mapping problems, opened from its
  /// image; nil when there is no image of `universe`, or when the image was not made from the
  /// bytes `universe` embeds (its digest differs) or does not read: then the caller maps the
  /// snapshot as before (`EmbeddedCatalogSource.catalog()`), never a wrong catalog.
  ///
  /// `image` stands for the image made for `universe` (the tests give others).
  package static func catalog(of universe: any CatalogUniverse, image: String? = nil) -> (
    catalog: Catalog, problems: [MappingProblem]
  )? {
    guard let image = image ?? self.image(of: universe),
      let digest = CatalogImage.embeddedDigest(of: universe)
    else { return nil }
    return CatalogImage.open(image, universe: universe, digest: digest)
  }

  /// The image of `universe`'s embedded snapshot, nil when none was made.
  package static func image(of universe: any CatalogUniverse) -> String? {
    CatalogImageLiterals.images[universe.id.rawValue]
  }
}
