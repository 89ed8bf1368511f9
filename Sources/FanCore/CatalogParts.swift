/// A catalog's records already in its order, resolved, with each character's folded name and
/// nickname: what `Catalog` keeps besides its indexes.
///
/// `Catalog.parts` gives them; `Catalog(universe:ordered:)` opens a catalog from them without
/// sorting, folding or resolving again (a catalog image stores them, see `FanCatalogImage`).
package struct CatalogParts: Sendable, Hashable {
  /// Every episode, in broadcast order, its mentions linked.
  package var episodes: [Episode]
  /// Every character, by folded name then id.
  package var characters: [ShowCharacter]
  /// Every quote, by id, its author linked.
  package var quotes: [Quote]
  /// Every location, by id.
  package var locations: [Location]
  /// Each character's folded name, in the characters' order.
  package var foldedNames: [String]
  /// Each character's folded nickname, in the characters' order.
  package var foldedNicknames: [String]

  /// Parts made of these lists, which must already be in a catalog's order.
  package init(
    episodes: [Episode], characters: [ShowCharacter], quotes: [Quote], locations: [Location],
    foldedNames: [String], foldedNicknames: [String]
  ) {
    self.episodes = episodes
    self.characters = characters
    self.quotes = quotes
    self.locations = locations
    self.foldedNames = foldedNames
    self.foldedNicknames = foldedNicknames
  }
}
