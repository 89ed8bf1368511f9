import FanAPI
import FanCore
import Testing

/// The catalog builds its `NameResolver` on first use, and resolves mentions and authors at load
/// from the table of exact names alone: the same answers as a resolver built at load from the
/// same characters (the plain path).
@Suite("The resolver built on first use")
struct LazyResolverTests {
  static let universes: [any CatalogUniverse] = [BreakingBad(), RickAndMorty()]

  /// Every name, nickname, alias and record name of the universe, folded and not, and typos.
  private static func probes(_ catalog: Catalog, aliases: [String: String]) -> [String] {
    var names: [String] = []
    for character in catalog.characters {
      names += [character.name, character.nickname, TextFolding.fold(character.name)]
      names.append(character.name.uppercased())
      names.append(String(character.name.dropLast()))
    }
    names += aliases.keys.sorted() + aliases.values.sorted()
    names += catalog.episodes.flatMap { $0.characters.map(\.name) }
    names += catalog.quotes.map(\.author)
    names += ["", " ", "rick", "jesse", "walt", "Heisenberg", "nobody at all", "Mr. White"]
    return names
  }

  @Test("answers every name as a resolver built at load does", arguments: universes.indices)
  func sameAnswers(universe index: Int) throws {
    let universe = Self.universes[index]
    let (catalog, _) = try EmbeddedCatalogSource(universe: universe).catalog()
    let plain = NameResolver(characters: catalog.characters, aliases: universe.aliases)
    let probes = Self.probes(catalog, aliases: universe.aliases)
    #expect(probes.count > catalog.characters.count)
    for name in probes {
      #expect(catalog.resolver.resolveExactly(name) == plain.resolveExactly(name), "\(name)")
      #expect(catalog.resolver.resolve(name) == plain.resolve(name), "\(name)")
      #expect(catalog.resolver.candidates(for: name) == plain.candidates(for: name), "\(name)")
    }
    for name in probes.prefix(200) {
      #expect(catalog.resolver.suggestions(for: name) == plain.suggestions(for: name), "\(name)")
    }
  }

  @Test("links each mention and author at load as the resolver does", arguments: universes.indices)
  func sameLinks(universe index: Int) throws {
    let universe = Self.universes[index]
    let (catalog, _) = try EmbeddedCatalogSource(universe: universe).catalog()
    let plain = NameResolver(characters: catalog.characters, aliases: universe.aliases)
    // Breaking Bad's sources name mentions (each links by its exact name, or not at all);
    // Rick and Morty's link each by id, which it keeps.
    let byName = universe.id == BreakingBad().id
    let mentions = catalog.episodes.flatMap(\.characters)
    #expect(mentions.contains { $0.characterID != nil })
    for mention in mentions {
      if byName {
        #expect(mention.characterID == plain.resolveExactly(mention.name), "\(mention.name)")
      } else {
        #expect(mention.characterID != nil, "\(mention.name)")
      }
    }
    for quote in catalog.quotes {
      #expect(quote.characterID == plain.resolveExactly(quote.author), "\(quote.author)")
    }
  }
}
