import FanAPI
import FanCore

/// A catalog's records already mapped, sorted, linked and folded, written as text at build time
/// and opened at run time without parsing JSON, mapping, sorting or folding.
///
/// The text (`CatalogImageWriter`) is ASCII apart from the strings' own UTF-8, with no control
/// character, so it can sit in a Swift raw string literal: a header line, the digest of the
/// bodies it was made from, a table of the distinct strings (each once, its length in bytes
/// first), a table of the characters' distinct series and appearances, then the records as
/// integers (strings and appearances by their place in the tables). Opening it
/// (`CatalogImageReader`) makes the records in one pass and builds only the catalog's indexes
/// (`Catalog(universe:ordered:)`).
package enum CatalogImage {
  /// The first line of every image; another version's image is not opened.
  package static let header = "bbfan-catalog-image 2"

  /// The image of `catalog` with the `problems` met making it, made from bodies whose digest
  /// (`digest(of:in:)`) is `digest`.
  package static func encode(_ catalog: Catalog, problems: [MappingProblem], digest: String)
    -> String
  {
    var writer = CatalogImageWriter()
    return writer.image(
      of: catalog.parts, universe: catalog.universe, problems: problems, digest: digest)
  }

  /// The catalog of `universe` in `image`, and its problems, when `image` is a well-formed
  /// image of this version, of this universe, made from bodies whose digest is `digest`;
  /// nil otherwise (the caller then takes the plain path).
  ///
  /// With `plainCharacters`, the characters' records are read from the image when a query
  /// needs them, not at opening (a one-shot call needs a few of hundreds): only for an image
  /// the tests have read whole, the binary's own; `plainCharacters` makes the characters by the
  /// plain path, should one of those records not read.
  package static func open(
    _ image: String, universe: any CatalogUniverse, digest: String,
    charactersOnDemand plainCharacters: (@Sendable () -> [ShowCharacter])? = nil
  ) -> (catalog: Catalog, problems: [MappingProblem])? {
    var text = image
    let opened = text.withUTF8 { bytes in
      var reader = CatalogImageReader(bytes: bytes)
      return try? reader.read(
        universe: universe.id, digest: digest, charactersOnDemand: plainCharacters != nil)
    }
    guard let (parts, problems, deferred) = opened else { return nil }
    guard let deferred, let plainCharacters else {
      return (Catalog(universe: universe, ordered: parts), problems)
    }
    let records = CatalogImageCharacters(image: image, deferred: deferred, plain: plainCharacters)
    return (
      Catalog(universe: universe, ordered: parts, characterIDs: deferred.ids, records: records),
      problems
    )
  }

  /// The digest an image of `universe`'s embedded snapshot must carry: its lists' digests
  /// (`CatalogUniverse.embeddedDigest(of:)`, computed when the files were embedded) in the
  /// universe's order; nil when a list has none.
  package static func embeddedDigest(of universe: any CatalogUniverse) -> String? {
    // Appended in place: `joined` is generic over its sequence, and its first use costs the
    // runtime's type look-ups (a fortieth of a one-shot call).
    var digest = ""
    var first = true
    for resource in universe.resources {
      guard let part = universe.embeddedDigest(of: resource) else { return nil }
      if !first { digest += " " }
      digest += part
      first = false
    }
    return digest
  }

  /// The digest of `bodies`, one text per list in order, as `embeddedDigest(of:)` gives it for
  /// the embedded lists: each text's 64-bit FNV-1a hash, in hexadecimal.
  package static func digest(of bodies: [String]) -> String {
    var digest = ""
    for body in bodies {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in body.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
      }
      if !digest.isEmpty { digest += " " }
      digest += String(hash, radix: 16)
    }
    return digest
  }
}
