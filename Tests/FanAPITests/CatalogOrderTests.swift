import FanAPI
import FanCore
import Testing

/// `Catalog` puts its characters in order by moving them along the sort's permutation: the
/// order is the plain sort's, by folded name then id, every record kept once.
@Suite("The catalog's character order")
struct CatalogOrderTests {
  static let universes: [any CatalogUniverse] = [BreakingBad(), RickAndMorty()]

  @Test("is the records sorted by folded name, then id", arguments: universes.indices)
  func sortedAsThePlainSort(universe index: Int) throws {
    let universe = Self.universes[index]
    let (catalog, _) = try EmbeddedCatalogSource(universe: universe).catalog()
    let plain = catalog.characters.shuffled().sorted {
      (TextFolding.fold($0.name), $0.id) < (TextFolding.fold($1.name), $1.id)
    }
    // Every record once: Breaking Bad's 62 characters, Rick and Morty's 826.
    #expect(catalog.characters.count == [62, 826][index])
    #expect(Set(catalog.characters.map(\.id)).count == catalog.characters.count)
    #expect(catalog.characters.map(\.id) == plain.map(\.id))
    #expect(catalog.characters == plain)
  }
}
