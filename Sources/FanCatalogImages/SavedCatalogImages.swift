import FanAPI
import FanCatalogImage
import FanCore
import FoundationEssentials
import POSIXSupport

/// Catalog images of the data directory's saved refreshes, kept as files beside them
/// (`catalog-images/<universe>-<digest>.image`): the seam through which a saved refresh opens
/// already mapped after its first load.
///
/// A saved refresh is read from its store as before (its bodies, and their digest, which names
/// the catalog); only the mapping is skipped when an image of those very bodies (the same
/// digest, checked in the image too) is there. The first load maps the bodies and writes the
/// image (atomically: a process reading it sees a whole image or none), removing the
/// universe's images of older bodies. An image that is missing, unreadable, of other bodies or
/// damaged is not used: the bodies are mapped as before.
package struct SavedCatalogImages: Sendable {
  /// The folder of the images.
  package let folder: String

  /// The images of the data directory `dataDirectory`.
  package init(dataDirectory: String) {
    folder = dataDirectory + "/catalog-images"
  }

  /// The catalog of `universe` made from bodies whose digest is `digest`, and its problems,
  /// from its image; nil when there is no usable image of those bodies.
  package func catalog(of universe: any CatalogUniverse, digest: String) -> (
    catalog: Catalog, problems: [MappingProblem]
  )? {
    // An image that cannot be read, whatever the reason, is not used: the bodies are mapped.
    guard
      case .success(var bytes) = POSIXIO.readFile(
        path(of: universe, digest: digest), atMost: Self.largestImage)
    else { return nil }
    // Checked as UTF-8 strictly, as a C string: an image holds no NUL byte, so one inside cuts
    // the text short and the image is refused, as is one that is not UTF-8 (damaged, never
    // repaired).
    bytes.append(0)
    let text = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        characters.baseAddress.flatMap { String(validatingCString: $0) }
      }
    }
    guard let text, text.utf8.count == bytes.count - 1 else { return nil }
    return CatalogImage.open(text, universe: universe, digest: digest)
  }

  /// The largest image file read (Rick and Morty's is about 300 KB); a larger one is not used.
  static let largestImage = 64 << 20

  /// Writes the image of `catalog` (with `problems`), made from bodies whose digest is
  /// `digest`, and removes the universe's images of other bodies.
  package func save(
    _ catalog: Catalog, problems: [MappingProblem], universe: any CatalogUniverse,
    digest: String
  ) throws {
    let files = FileManager.default
    // 0700, as the data directory's other folders.
    try files.createDirectory(
      atPath: folder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let image = CatalogImage.encode(catalog, problems: problems, digest: digest)
    let path = path(of: universe, digest: digest)
    try Data(image.utf8).write(to: URL(filePath: path), options: .atomic)
    // 0600, as the data directory's other files.
    try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let prefix = universe.id.rawValue + "-"
    for name in try files.contentsOfDirectory(atPath: folder) {
      guard name.hasPrefix(prefix), name.hasSuffix(".image"), folder + "/" + name != path else {
        continue
      }
      // Another universe's name may start with this one's: an image of this universe has only
      // the digest (hexadecimal) between the prefix and the suffix.
      let middle = name.dropFirst(prefix.count).dropLast(".image".count)
      guard !middle.isEmpty, middle.allSatisfy(\.isHexDigit) else { continue }
      try files.removeItem(atPath: folder + "/" + name)
    }
  }

  /// The file of the image of `universe`'s bodies whose digest is `digest`.
  package func path(of universe: any CatalogUniverse, digest: String) -> String {
    "\(folder)/\(universe.id.rawValue)-\(digest).image"
  }
}
