import FanAPI
import FanCore
import Foundation
import Testing

@Suite("The embedded Rick and Morty snapshot, walked whole")
struct RickAndMortySnapshotTests {
  static let bodies = Result { try EmbeddedCatalogSource(universe: RickAndMorty()).bodies() }

  private func load() throws -> (
    snapshot: RickAndMortySnapshot, catalog: Catalog, problems: [MappingProblem]
  ) {
    let bodies = try Self.bodies.get()
    let (snapshot, decodeProblems) = try RickAndMortySnapshot.decode(
      characters: try #require(bodies[RickAndMorty.characterList]),
      episodes: try #require(bodies[RickAndMorty.episodeList]),
      locations: try #require(bodies[RickAndMorty.locationList]))
    #expect(decodeProblems == [])
    let (catalog, problems) = RickAndMortyMapper.map(snapshot)
    return (snapshot, catalog, problems)
  }

  /// The number of records in a raw file, read without the DTOs.
  private func rawCount(_ resource: CatalogResource) throws -> Int {
    let body = try #require(try Self.bodies.get()[resource]?.first)
    let array = try #require(try JSONSerialization.jsonObject(with: body) as? [Any])
    return array.count
  }

  @Test("counts equal the files' and PROVENANCE.md's")
  func counts() throws {
    let (_, catalog, _) = try load()
    #expect(catalog.characters.count == (try rawCount(RickAndMorty.characterList)))
    #expect(catalog.episodes.count == (try rawCount(RickAndMorty.episodeList)))
    #expect(catalog.locations.count == (try rawCount(RickAndMorty.locationList)))
    let counts: [Int] = [
      catalog.characters.count, catalog.episodes.count, catalog.locations.count,
    ]
    #expect(counts == [826, 51, 126])
    let perSeason = Dictionary(grouping: catalog.episodes, by: \.season).mapValues(\.count)
    #expect(perSeason == [1: 11, 2: 10, 3: 10, 4: 10, 5: 10])
    let statuses = Dictionary(grouping: catalog.characters, by: \.status).mapValues(\.count)
    #expect(statuses == [.alive: 439, .deceased: 287, .unknown: 100])
  }

  @Test("the three known inconsistencies, and nothing else, are reported; no record is dropped")
  func knownInconsistencies() throws {
    let (_, _, problems) = try load()
    #expect(problems.allSatisfy { !$0.dropped })
    #expect(
      problems.map { "\($0.resource) \($0.id ?? 0)" }.sorted() == [
        "character 125", "episode 10", "location 35",
      ])
  }

  @Test("every episode's character reference resolves, and links hold both ways")
  func episodeReferences() throws {
    let (snapshot, catalog, _) = try load()
    for dto in snapshot.episodes {
      let episode = try catalog.episode(id: dto.id)
      #expect(episode.characters.count >= dto.characters.count)
      for mention in episode.characters {
        let id = try #require(mention.characterID, "episode \(dto.id): \(mention.name)")
        #expect(try catalog.character(id: id).name == mention.name)
        #expect(catalog.episodes(characterID: id).contains { $0.id == dto.id })
      }
    }
    for dto in snapshot.characters {
      #expect(catalog.episodeCount(characterID: dto.id) >= dto.episode.count)
    }
    #expect(catalog.episodeCount(characterID: 663) == 2)
    #expect(try catalog.episode(id: 18).characters.contains { $0.characterID == 125 })
  }

  @Test("every origin and location resolves to a location of the same name, or is unknown")
  func places() throws {
    let (_, catalog, _) = try load()
    var unknown = (origins: 0, locations: 0)
    for character in catalog.characters {
      let profile = try #require(character.profile)
      for (place, isOrigin) in [(profile.origin, true), (profile.location, false)] {
        if let id = place.locationID {
          #expect(try catalog.location(id: id).name == place.name)
        } else {
          #expect(place.name == "unknown")
          if isOrigin { unknown.origins += 1 } else { unknown.locations += 1 }
        }
      }
    }
    #expect(unknown.origins == 300)
    #expect(unknown.locations == 21)
    for location in catalog.locations {
      for id in location.residentIDs {
        #expect(try catalog.character(id: id).profile?.location.locationID == location.id)
      }
    }
    #expect(catalog.locations.filter(\.residentIDs.isEmpty).count == 32)
  }

  @Test("dates from Month D, YYYY; season and number from the code; empty strings are nil")
  func mapping() throws {
    let (_, catalog, _) = try load()
    let pilot = try catalog.episode(id: 1)
    #expect(pilot.airDate.description == "2013-12-02")
    #expect(pilot.code == "S01E01")
    #expect(pilot.season == 1)
    #expect(pilot.episode == 1)
    #expect(catalog.characters.filter { $0.profile?.type == nil }.count == 401)
    #expect(try catalog.location(id: 118).type == nil)
    #expect(try catalog.location(id: 123).dimension == nil)
    #expect(try catalog.character(id: 1).status == .alive)
  }

  @Test("a name several characters carry is ambiguous, with their ids; a unique one resolves")
  func ambiguousNames() throws {
    let (_, catalog, _) = try load()
    #expect(
      throws: CatalogError.ambiguousName(
        field: "characters[0]", name: "Rick Sanchez", candidates: [1, 290, 293, 631])
    ) {
      try catalog.episodes(matching: EpisodeQuery(characters: [.name("Rick Sanchez")]))
    }
    #expect(try catalog.resolve([.name("squanchy")], field: "characters") == [331])
  }

  @Test(
    "an id is read from the end of the API's URLs, however their slashes fall",
    arguments: [
      ("https://rickandmortyapi.com/api/character/1", "character", 1),
      ("https://rickandmortyapi.com/api/character/826/", "character", 826),
      ("https://rickandmortyapi.com/api/character//12", "character", 12),
      ("character/3", "character", 3),
      ("https://rickandmortyapi.com/api/location/3", "character", nil),
      ("https://rickandmortyapi.com/api/xcharacter/3", "character", nil),
      ("https://rickandmortyapi.com/api/character/3?x=1", "character", nil),
      ("https://rickandmortyapi.com/api/character/", "character", nil),
      ("", "character", nil),
    ] as [(String, String, Int?)])
  func ids(url: String, resource: String, expected: Int?) {
    #expect(RickAndMortyMapper.id(url, under: resource) == expected)
  }
}
