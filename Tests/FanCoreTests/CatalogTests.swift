import FanCore
import Testing

@Suite("Catalog queries")
struct CatalogTests {
  let catalog = Fixtures.catalog

  private func ids(_ query: EpisodeQuery) throws -> [Int] {
    try catalog.episodes(matching: query).map(\.id)
  }

  @Test("sorts episodes by series, season and number, and characters by name")
  func order() {
    #expect(catalog.episodes.map(\.id) == [1, 2, 8, 63])
    #expect(catalog.characters.map(\.id) == [5, 2, 8, 45, 1])
  }

  @Test("links names through the alias table, and leaves deliberately unlinked names alone")
  func mentions() throws {
    let pilot = try catalog.episode(id: 1)
    #expect(pilot.characters.map(\.characterID) == [1, 5, nil])
    #expect(try catalog.episode(id: 63).characters.map(\.characterID) == [8, nil])
    #expect(
      catalog.quotes.map(\.characterID) == [1, 4, 71, 93].map { [1: 1, 4: 2, 71: 8, 93: 8][$0] })
  }

  @Test("ignores empty fields and combines the rest with AND")
  func filterCombination() throws {
    #expect(try ids(EpisodeQuery()) == [1, 2, 8, 63])
    #expect(try ids(EpisodeQuery(season: 1)) == [1, 2, 63])
    #expect(try ids(EpisodeQuery(series: .breakingBad, season: 1)) == [1, 2])
    #expect(
      try ids(EpisodeQuery(series: .breakingBad, season: 1, characters: [.name("Hank Schrader")]))
        == [1])
  }

  @Test("dates are inclusive at both ends")
  func dates() throws {
    #expect(try ids(EpisodeQuery(airedFrom: Fixtures.date("2008-01-27"))) == [2, 8, 63])
    #expect(try ids(EpisodeQuery(airedTo: Fixtures.date("2008-01-27"))) == [1, 2])
    #expect(
      try ids(
        EpisodeQuery(airedFrom: Fixtures.date("2008-01-27"), airedTo: Fixtures.date("2008-01-27")))
        == [2])
  }

  @Test("characters match any-of, by id or by any name that resolves")
  func characters() throws {
    #expect(try ids(EpisodeQuery(characters: [.id(5)])) == [1, 8])
    #expect(
      try ids(EpisodeQuery(characters: [.name("hank"), .name("Saul Goodman")])) == [1, 8, 63])
    #expect(try ids(EpisodeQuery(characters: [.name("HEISENBERG")])) == [1, 2, 8])
    #expect(try ids(EpisodeQuery(characters: [.name("Tomas Cantillo")])) == [])
  }

  @Test("refuses what makes no sense, naming the field")
  func invalid() {
    #expect(throws: CatalogError.invalidValue(field: "season", problem: "must be 1 or more, not 0"))
    {
      try catalog.episodes(matching: EpisodeQuery(season: 0))
    }
    #expect(throws: CatalogError.self) {
      try catalog.episodes(
        matching: EpisodeQuery(
          airedFrom: Fixtures.date("2009-01-01"), airedTo: Fixtures.date("2008-01-01")))
    }
    #expect(throws: CatalogError.notFound(kind: "character", id: 99)) {
      try catalog.episodes(matching: EpisodeQuery(characters: [.id(99)]))
    }
  }

  @Test("an unknown name suggests the closest names")
  func suggestions() {
    do {
      _ = try catalog.episodes(matching: EpisodeQuery(characters: [.id(1), .name("Jese Pinkman")]))
      Issue.record("accepted an unknown name")
    } catch {
      guard case .unknownName(let field, let name, let suggestions) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(field == "characters[1]")
      #expect(name == "Jese Pinkman")
      #expect(suggestions.first == "Jesse Pinkman")
    }
  }

  @Test(
    "character filter: presumed dead counts as deceased; seasons any-of; name ignores diacritics")
  func characterFilter() throws {
    func names(_ query: CharacterQuery) throws -> [String] {
      try catalog.characters(matching: query).map(\.name)
    }
    #expect(
      try names(CharacterQuery(status: .deceased)) == [
        "Henry Schrader", "Tomás Cantillo", "Walter White",
      ])
    #expect(try names(CharacterQuery(status: .alive)) == ["Jesse Pinkman", "Saul Goodman"])
    #expect(
      try names(CharacterQuery(seasons: [3])) == [
        "Henry Schrader", "Jesse Pinkman", "Saul Goodman", "Tomás Cantillo", "Walter White",
      ])
    #expect(try names(CharacterQuery(seasons: [2], series: .betterCallSaul)) == ["Saul Goodman"])
    #expect(try names(CharacterQuery(name: "TOMAS")) == ["Tomás Cantillo"])
    #expect(try names(CharacterQuery(status: .alive, name: "jimmy")) == ["Saul Goodman"])
    #expect(throws: CatalogError.self) {
      try catalog.characters(matching: CharacterQuery(seasons: [0]))
    }
  }

  @Test("quotes of a character include those under its other names; counts episodes")
  func quotes() throws {
    #expect(try catalog.quotes(characterID: 8).map(\.id) == [71, 93])
    #expect(try catalog.quotes(author: "Jimmy McGill", series: .betterCallSaul).map(\.id) == [93])
    #expect(catalog.episodeCount(characterID: 5) == 2)
    #expect(throws: CatalogError.notFound(kind: "character", id: 3)) {
      try catalog.quotes(characterID: 3)
    }
  }

  @Test("random quotes are uniform over the matches and fixed by the seed")
  func randomQuotes() throws {
    var generator = SeededGenerator(seed: 42)
    var counts: [Int: Int] = [:]
    for _ in 0..<4000 {
      counts[try catalog.randomQuote(author: nil, series: nil, using: &generator).id, default: 0] +=
        1
    }
    #expect(counts.keys.sorted() == [1, 4, 71, 93])
    #expect(counts.values.allSatisfy { (850...1150).contains($0) }, "\(counts)")
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    #expect(
      try catalog.randomQuote(author: "Saul Goodman", series: nil, using: &first)
        == catalog.randomQuote(author: "Saul Goodman", series: nil, using: &second))
    #expect(throws: CatalogError.noMatch(kind: "quote", author: "Hank", series: .betterCallSaul)) {
      try catalog.randomQuote(author: "Hank", series: .betterCallSaul, using: &generator)
    }
  }
}
