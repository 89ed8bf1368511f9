import FanCore
import Synchronization

/// The characters of a catalog opened from an image without reading their records
/// (`CatalogImage.open(_:universe:digest:charactersOnDemand:)`): each is read from the image
/// when a query asks for it.
///
/// Such an image is the binary's own (`EmbeddedCatalogImages`): the tests check that it is what
/// the generator writes and that it opens to the plain path's records, so a record always
/// reads. Were one not to, the characters of `plain` (the plain path's, made once) answer
/// instead: never a wrong record.
final class CatalogImageCharacters: CatalogCharacterRecords {
  /// The image, kept while the catalog lives (its records are read from it).
  private let image: String
  /// Where the records are, and the image's tables.
  private let deferred: CatalogImageReader.Deferred
  /// The plain path's characters, in the catalog's order.
  private let plain: @Sendable () -> [ShowCharacter]
  /// `plain`'s characters, once made.
  private let plainCharacters = Mutex<[ShowCharacter]?>(nil)

  /// The characters of `image`, found where `deferred` says; `plain` makes them by the plain
  /// path, should a record not read.
  init(
    image: String, deferred: CatalogImageReader.Deferred,
    plain: @escaping @Sendable () -> [ShowCharacter]
  ) {
    self.image = image
    self.deferred = deferred
    self.plain = plain
  }

  func character(at position: Int) -> ShowCharacter {
    reading(at: position) { reader, start in try reader.character(at: start) }
      ?? plainCharacter(at: position)
  }

  func name(at position: Int) -> String {
    reading(at: position) { reader, start in try reader.name(at: start) }
      ?? plainCharacter(at: position).name
  }

  /// What `read` reads of the line of the character at `position`; nil when the line does not
  /// read (the callers then take the plain path's).
  private func reading<Value>(
    at position: Int,
    _ read: (inout CatalogImageReader, Int) throws -> Value
  ) -> Value? {
    var text = image
    let deferred = deferred
    return text.withUTF8 { bytes in
      var reader = CatalogImageReader(bytes: bytes, deferred: deferred)
      return try? read(&reader, deferred.starts[position])
    }
  }

  /// The plain path's character at `position`.
  private func plainCharacter(at position: Int) -> ShowCharacter {
    plainCharacters.withLock { made in
      let characters = made ?? plain()
      made = characters
      return characters[position]
    }
  }
}
