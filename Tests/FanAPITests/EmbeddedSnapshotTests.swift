import FanAPI
import FanCore
import Foundation
import Testing

@Suite("The embedded Breaking Bad snapshot")
struct EmbeddedSnapshotTests {
  static let decoded: (snapshot: BreakingBadSnapshot, problems: [MappingProblem])? = try? {
    let bodies = try EmbeddedCatalogSource(universe: BreakingBad()).bodies()
    return try BreakingBadSnapshot.decode(
      characters: bodies[.characters]?.first ?? Data(),
      episodes: bodies[.episodes]?.first ?? Data(), quotes: bodies[.quotes]?.first ?? Data())
  }()

  private func load() throws -> (snapshot: BreakingBadSnapshot, catalog: Catalog) {
    let decoded = try #require(Self.decoded, "the embedded data does not decode")
    #expect(decoded.problems == [])
    let (catalog, problems) = BreakingBadMapper.map(decoded.snapshot)
    #expect(problems == [])
    return (decoded.snapshot, catalog)
  }

  @Test("decodes and maps every record, with PROVENANCE.md's counts")
  func counts() throws {
    let (_, catalog) = try load()
    #expect(catalog.characters.count == 62)
    #expect(catalog.episodes.count == 102)
    #expect(catalog.quotes.count == 70)
    #expect(catalog.episodes(in: .breakingBad).count == 62)
    #expect(catalog.episodes(in: .betterCallSaul).count == 40)
    let perSeason = Dictionary(grouping: catalog.episodes(in: .breakingBad), by: \.season)
      .mapValues(\.count)
    #expect(perSeason == [1: 7, 2: 13, 3: 13, 4: 13, 5: 16])
  }

  @Test("normalises the quirks: \" 1\" seasons, MM-DD-YYYY dates, Unknown birthdays, status words")
  func quirks() throws {
    let (_, catalog) = try load()
    let deal = try catalog.episode(id: 7)
    #expect(deal.season == 1)
    #expect(deal.title == "A No-Rough-Stuff-Type Deal")
    #expect(try catalog.episode(id: 1).airDate.description == "2008-01-20")
    let walter = try catalog.character(id: 1)
    #expect(walter.birthday?.description == "1958-09-07")
    #expect(walter.status == .presumedDead)
    #expect(try catalog.character(id: 41).status == .unknown)
    #expect(try catalog.character(id: 2).birthday?.description == "1984-09-24")
    #expect(catalog.characters.filter { $0.birthday != nil }.count == 4)
    #expect(try catalog.character(id: 7).series == [.breakingBad, .betterCallSaul])
    #expect(try catalog.character(id: 116).seasons(in: .betterCallSaul) == [4, 5])
    #expect(
      Set(catalog.quotes.filter { $0.text == "Some people are immune to good advice." }.map(\.id))
        == [71, 93])
  }

  @Test("every name in the data resolves to a character, or is on the short list of unlinked names")
  func everyNameResolves() throws {
    let (snapshot, catalog) = try load()
    var used = Set<String>()
    var unresolved = Set<String>()
    let names = snapshot.episodes.flatMap(\.characters) + snapshot.quotes.map(\.author)
    for name in names where !name.isEmpty {
      if catalog.resolver.resolveExactly(name) != nil {
        if BreakingBad.aliases[name] != nil { used.insert(name) }
      } else {
        unresolved.insert(name)
      }
    }
    #expect(unresolved == BreakingBad.unlinked)
    // Every alias is needed, and leads to a character that exists.
    #expect(used == Set(BreakingBad.aliases.keys))
    for target in BreakingBad.aliases.values {
      #expect(
        catalog.characters.contains { $0.name == target },
        "alias target \(target) is not a character")
    }
  }
}

@Suite("Decoding and mapping records that are wrong")
struct MappingProblemTests {
  private func snapshot(characters: String = "[]", episodes: String = "[]", quotes: String = "[]")
    throws
    -> (snapshot: BreakingBadSnapshot, problems: [MappingProblem])
  {
    try BreakingBadSnapshot.decode(
      characters: Data(characters.utf8), episodes: Data(episodes.utf8), quotes: Data(quotes.utf8))
  }

  static let goodEpisode =
    #"{"episode_id":1,"title":"Pilot","season":"1","air_date":"01-20-2008","characters":["Walter White",""],"episode":"1","series":"Breaking Bad"}"#

  @Test("a record of the wrong shape is reported with its id; the others load")
  func wrongShape() throws {
    let bad =
      #"{"episode_id":2,"title":5,"season":"1","air_date":"01-27-2008","characters":[],"episode":"2","series":"Breaking Bad"}"#
    let decoded = try snapshot(episodes: "[\(bad),\(Self.goodEpisode),7]")
    #expect(decoded.snapshot.episodes.map(\.episodeID) == [1])
    #expect(decoded.problems.map(\.id) == [2, nil])
    #expect(decoded.problems.first?.reason.contains("title") == true)
  }

  @Test(
    "a record whose values cannot be used is reported with its id and why; the others load",
    arguments: [
      (#""season":"one""#, "season"), (#""air_date":"2008-01-27""#, "air_date"),
      (#""series":"Breaking Badder""#, "series"),
      (#""episode":"0""#, "episode"),
    ])
  func badValues(replacement: String, field: String) throws {
    let key = String(replacement.split(separator: ":")[0])
    let pattern = try Regex(key + #":("[^"]*")"#)
    let bad = Self.goodEpisode.replacing(pattern, with: replacement)
      .replacingOccurrences(of: #""episode_id":1"#, with: #""episode_id":9"#)
    let decoded = try snapshot(episodes: "[\(bad),\(Self.goodEpisode)]")
    let (catalog, problems) = BreakingBadMapper.map(decoded.snapshot)
    #expect(catalog.episodes.map(\.id) == [1])
    #expect(problems.count == 1)
    #expect(problems.first?.id == 9)
    #expect(problems.first?.reason.hasPrefix(field) == true, "\(problems)")
    #expect(try catalog.episode(id: 1).characters.map(\.name) == ["Walter White"])
  }

  @Test(
    "null appearance lists are empty; an unreadable birthday is reported but the character kept")
  func characters() throws {
    let character =
      #"{"char_id":3,"name":"Skyler White","birthday":"08/11/1970","occupation":[],"img":"","status":"?","nickname":"Sky","appearance":null,"portrayed":"Anna Gunn","category":"Breaking Bad","better_call_saul_appearance":null}"#
    let decoded = try snapshot(characters: "[\(character)]")
    let (catalog, problems) = BreakingBadMapper.map(decoded.snapshot)
    let skyler = try catalog.character(id: 3)
    #expect(skyler.seasons(in: .breakingBad) == [])
    #expect(skyler.status == .unknown)
    #expect(skyler.birthday == nil)
    #expect(problems.map(\.dropped) == [false])
  }

  @Test("a resource that is not an array is an error naming it")
  func notAnArray() {
    #expect(throws: SourceError.self) { try snapshot(quotes: #"{"quotes":[]}"#) }
  }
}
