/// Where a catalog opened without making its characters' records reads them, one at a time, in
/// the catalog's order (a catalog image: `FanCatalogImage`).
///
/// A one-shot call reads a few records (a name search's matches, an episode's cast) of the
/// hundreds a catalog holds; `Catalog` makes them all only when a query needs them all.
package protocol CatalogCharacterRecords: Sendable {
  /// The character at `position` in the catalog's order.
  func character(at position: Int) -> ShowCharacter

  /// The name of the character at `position`: `character(at:).name`, read alone.
  func name(at position: Int) -> String
}
