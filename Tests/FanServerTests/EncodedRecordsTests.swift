import FanCore
import FanProtocol
import Foundation
import JSON
import JSONRPC
import Testing

@testable import FanServer

/// `EncodedRecords`, the seam that encodes an episode's reply once per catalog: the same bytes as
/// the plain path, made again when the catalog is another.
@Suite("Replies encoded once per catalog")
struct EncodedRecordsTests {
  @Test(
    "every episode of both universes answers the plain path's bytes, the first time and after",
    arguments: ["breaking-bad", "rick-and-morty"])
  func sameBytes(universe: String) async throws {
    let caller = try TypedCaller()
    let loaded = try caller.service.servedCatalogs.loaded(universe: UniverseID(rawValue: universe))
    let connection = caller.service.makeConnection()
    #expect(loaded.catalog.episodes.count > 50)
    for episode in loaded.catalog.episodes {
      let plain = try JSONValueEncoder().encode(
        FanService.episodeResult(episode, in: loaded.catalog)
      ).serializedText
      for round in 1...2 {
        let request = try JSONParser.parse(
          #"{"jsonrpc":"2.0","id":1,"method":"episodes.get","params":{"id":\#(episode.id),"universe":"\#(universe)"}}"#
        )
        let reply = try #require(await connection.respond(to: request))
        #expect(reply["result"]?.serializedText == plain, "episode \(episode.id), call \(round)")
      }
    }
  }

  /// A record with extra fields is left to the encoder.
  @Test("records built directly are the plain encoding's, for every episode and character")
  func directRecords() throws {
    let caller = try TypedCaller()
    var built = 0
    for universe in [UniverseID.breakingBad, .rickAndMorty] {
      let catalog = try caller.service.servedCatalogs.loaded(universe: universe).catalog
      for episode in catalog.episodes {
        let plain = try JSONValueEncoder().encode(FanService.episodeResult(episode, in: catalog))
        let direct = try #require(DirectRecords.episodeResult(episode, in: catalog))
        #expect(direct.serializedText == plain.serializedText, "\(universe) \(episode.id)")
        let record = EpisodeRecord(episode, universe: universe)
        let plainRecord = try JSONValueEncoder().encode(record)
        let directRecord = try #require(DirectRecords.episodeRecord(episode, universe: universe))
        #expect(directRecord.serializedText == plainRecord.serializedText)
        built += 1
      }
      let records = catalog.characters.map { CharacterRecord($0, in: catalog) }
      for record in records {
        try expectDirectPage(of: [record], "\(universe) \(record.id)")
        built += 1
      }
      for (total, cursor) in [(0, nil), (records.count, "abc"), (3, nil)] as [(Int, String?)] {
        let page = Array(records.prefix(total))
        let plain = try JSONValueEncoder().encode(
          CharactersFilter.Result(characters: page, total: total, nextCursor: cursor))
        let direct = try #require(
          DirectRecords.charactersFilterResult(page, total: total, nextCursor: cursor))
        #expect(direct.serializedText == plain.serializedText)
        #expect(direct == plain)
      }
      let first = try #require(catalog.episodes.first)
      let extra = Episode(
        id: first.id, title: first.title, series: first.series, season: first.season,
        episode: first.episode, airDate: first.airDate, characters: first.characters,
        code: first.code, extraFields: [RecordField(name: "rating", value: .number(9))])
      #expect(DirectRecords.episodeResult(extra, in: catalog) == nil)
      #expect(DirectRecords.episodeRecord(extra, universe: universe) == nil)
      // Such a record falls back on the encoder, in the seam.
      let plainExtra = try JSONValueEncoder().encode(EpisodeRecord(extra, universe: universe))
      #expect(
        try DirectRecords.value(
          DirectRecords.episodeRecord(extra, universe: universe),
          else: EpisodeRecord(extra, universe: universe)) == plainExtra)
      #expect(
        try DirectRecords.value(
          DirectRecords.episodeRecord(first, universe: universe),
          else: EpisodeRecord(first, universe: universe)
        ).serializedText
          == JSONValueEncoder().encode(EpisodeRecord(first, universe: universe)).serializedText)
      var character = try #require(records.first)
      character.extraFields = [RecordField(name: "rating", value: .number(9))]
      #expect(DirectRecords.charactersFilterResult([character], total: 1, nextCursor: nil) == nil)
    }
    #expect(built > 1000)
  }

  /// Expects `characters.filter`'s result of `records`, written as bytes, to be the plain
  /// encoding's: the same bytes, and the same members (read from them).
  private func expectDirectPage(of records: [CharacterRecord], _ comment: Comment) throws {
    let plain = try JSONValueEncoder().encode(
      CharactersFilter.Result(characters: records, total: records.count, nextCursor: nil))
    let direct = try #require(
      DirectRecords.charactersFilterResult(records, total: records.count, nextCursor: nil),
      comment)
    #expect(direct.serializedText == plain.serializedText, comment)
    #expect(direct == plain, comment)
  }

  /// Strings no catalog holds today: each needs an escape, or is not ASCII.
  static let awkward = [
    "quote \" here", "back\\slash", "control \u{1} \u{1F}", "line\nbreak\ttab", "del \u{7F}",
    "separator \u{2028}", "emoji 😀 and e\u{301}", "",
  ]

  @Test("records written as bytes are the plain encoding's, escapes, nulls and shapes included")
  func directRecordsOfEveryShape() throws {
    let awkward = Self.awkward
    var records: [CharacterRecord] = []
    for (index, text) in awkward.enumerated() {
      let birthday = index.isMultiple(of: 2) ? CalendarDate(year: 1958, month: 9, day: 7) : nil
      records.append(
        CharacterRecord(
          id: index, universe: .breakingBad, name: text, status: .alive, imageURL: text,
          person: .init(
            nickname: text, birthday: birthday, occupations: [text, "plain"], portrayedBy: text,
            series: [Series(rawValue: text), .breakingBad],
            appearances: .init([
              .init(series: .breakingBad, seasons: [1, 2]),
              .init(series: Series(rawValue: text + "x"), seasons: []),
            ]))))
      records.append(
        CharacterRecord(
          id: 100 + index, universe: .rickAndMorty, name: text,
          status: CharacterStatus(rawValue: text), imageURL: text,
          creature: .init(
            species: text, type: index.isMultiple(of: 2) ? nil : text, gender: text,
            origin: PlaceRecord(locationId: index.isMultiple(of: 3) ? nil : index, name: text),
            location: PlaceRecord(locationId: nil, name: text), episodeCount: index)))
      // Neither shape: the members every record has, and nothing else.
      records.append(
        CharacterRecord(
          id: -index, universe: UniverseID(rawValue: text), name: text, status: .unknown,
          imageURL: text))
    }
    for record in records {
      try expectDirectPage(of: [record], "\(record.id)")
    }
    let plainPage = try JSONValueEncoder().encode(
      CharactersFilter.Result(characters: records, total: 99, nextCursor: awkward[0]))
    let directPage = try #require(
      DirectRecords.charactersFilterResult(records, total: 99, nextCursor: awkward[0]))
    #expect(directPage.serializedText == plainPage.serializedText)
    #expect(directPage == plainPage)
    // A series named twice in the appearances is left to the encoder, record and page.
    var twice = try #require(records.first)
    twice.person?.appearances = .init([
      .init(series: .breakingBad, seasons: [1]), .init(series: .breakingBad, seasons: [2]),
    ])
    #expect(DirectRecords.charactersFilterResult([twice], total: 1, nextCursor: nil) == nil)
    #expect(
      DirectRecords.charactersFilterResult(
        Array(records.prefix(2)) + [twice], total: 3, nextCursor: nil)
        == nil)
  }

  @Test("a value is made once per catalog identity; an error is not kept")
  func madeOncePerIdentity() throws {
    let records = EncodedRecords()
    var made = 0
    func value(_ identity: String, _ id: Int) -> JSONValue {
      records.value(universe: .breakingBad, identity: identity, id: id) {
        made += 1
        return .string("\(identity) \(id)")
      }
    }
    #expect(value("a", 1) == .string("a 1"))
    #expect(value("a", 1) == .string("a 1"))
    #expect(made == 1)
    // Another catalog (a refresh replaced it): made again, and the old values are gone.
    #expect(value("b", 1) == .string("b 1"))
    #expect(value("a", 1) == .string("a 1"))
    #expect(made == 3)
    // Another universe keeps its own.
    let other = records.value(universe: .rickAndMorty, identity: "a", id: 1) { .string("rm") }
    #expect(other == .string("rm"))
    #expect(value("a", 1) == .string("a 1"))
    #expect(made == 3)
    struct Failed: Error {}
    #expect(throws: Failed.self) {
      try records.value(universe: .breakingBad, identity: "a", id: 2) { throw Failed() }
    }
    #expect(value("a", 2) == .string("a 2"))
    // Several at once: in order, only the missing ones made.
    var batch = 0
    let several = records.values(
      of: [2, 3, 1], id: \.self, universe: .breakingBad, identity: "a",
      make: { id in
        batch += 1
        return .string("new \(id)")
      })
    #expect(several == [.string("a 2"), .string("new 3"), .string("a 1")])
    #expect(batch == 1)
  }

  /// `episodes.filter`'s result as the plain path makes it: every record built and encoded.
  private static func plainFilter(_ params: EpisodesFilter.Params, _ service: FanService) throws
    -> String
  {
    let loaded = try service.servedCatalogs.loaded(
      universe: params.universe, series: params.series)
    let page = try params.page.page(
      of: try loaded.catalog.episodes(matching: params.query), method: EpisodesFilter.name,
      params: params, catalog: loaded.identity)
    return try JSONValueEncoder().encode(
      EpisodesFilter.Result(
        episodes: page.records.map { EpisodeRecord($0, universe: loaded.catalog.universe) },
        total: page.total, nextCursor: page.nextCursor)
    ).serializedText
  }

  /// `episodes.list`'s result as the plain path makes it.
  private static func plainList(_ params: EpisodesList.Params, _ service: FanService) throws
    -> String
  {
    let loaded = try service.servedCatalogs.loaded(
      universe: params.universe, series: params.series)
    let catalog = loaded.catalog
    let page = try params.page.page(
      of: catalog.episodes(in: params.series), method: EpisodesList.name, params: params,
      catalog: loaded.identity)
    var seasons: [EpisodesList.Season] = []
    for episode in page.records {
      let record = EpisodeRecord(episode, universe: catalog.universe)
      if let last = seasons.last, last.series == episode.series, last.season == episode.season {
        seasons[seasons.count - 1].episodes.append(record)
      } else {
        seasons.append(.init(series: episode.series, season: episode.season, episodes: [record]))
      }
    }
    return try JSONValueEncoder().encode(
      EpisodesList.Result(seasons: seasons, total: page.total, nextCursor: page.nextCursor)
    ).serializedText
  }

  @Test("every page of episodes.list and episodes.filter answers the plain path's bytes")
  func pagesAndFilters() async throws {
    let caller = try TypedCaller()
    let service = caller.service
    let connection = service.makeConnection()
    func reply(_ method: String, _ params: JSONValue) async throws -> JSONValue {
      let request = JSONValue.object(
        JSONObject([
          "jsonrpc": .string("2.0"), "id": .integer(1), "method": .string(method),
          "params": params,
        ]))
      let answered = try #require(await connection.respond(to: request))
      return try #require(answered["result"], "\(answered.serializedText)")
    }
    for universe in [UniverseID.breakingBad, .rickAndMorty] {
      for limit in [1, 7, nil] {
        var cursor: String?
        var pages = 0
        repeat {
          let params = EpisodesList.Params(universe: universe, limit: limit, cursor: cursor)
          let result = try await reply(EpisodesList.name, try JSONValueEncoder().encode(params))
          #expect(result.serializedText == (try Self.plainList(params, service)))
          cursor = result["nextCursor"]?.stringValue
          pages += 1
        } while cursor != nil && pages < 200
      }
    }
    let filters = [
      #"{"season":2}"#, #"{"season":2,"limit":3}"#, #"{"name":"pilot"}"#,
      #"{"characters":["Walter White","Saul Goodman"]}"#, #"{"series":"better-call-saul"}"#,
      #"{"universe":"rick-and-morty","season":3}"#, #"{"universe":"rick-and-morty","name":"rick"}"#,
      #"{"airedFrom":"2010-01-01","airedTo":"2011-01-01"}"#,
    ]
    for text in filters {
      let json = try JSONParser.parse(text)
      let params = try JSONValueDecoder().decode(EpisodesFilter.Params.self, from: json)
      for _ in 1...2 {
        let result = try await reply(EpisodesFilter.name, json)
        #expect(result.serializedText == (try Self.plainFilter(params, service)), "\(text)")
      }
    }
  }

  @Test("a kept query hash is the one PageRequest.queryHash makes, per method and query")
  func keptQueryHashes() throws {
    let hashes = QueryHashes()
    for params in [
      EpisodesList.Params(), EpisodesList.Params(limit: 3),
      EpisodesList.Params(universe: .rickAndMorty), EpisodesList.Params(series: .betterCallSaul),
    ] {
      let plain = try PageRequest.queryHash(method: EpisodesList.name, params: params)
      for _ in 1...2 {
        let kept = try hashes.hash(method: EpisodesList.name, params: params) {
          try PageRequest.queryHash(method: EpisodesList.name, params: params)
        }
        #expect(kept == plain, "\(params)")
      }
    }
    // Params with no key are hashed the plain way every time.
    var made = 0
    let filter = EpisodesFilter.Params(season: 2)
    for _ in 1...2 {
      _ = try hashes.hash(method: EpisodesFilter.name, params: filter) {
        made += 1
        return try PageRequest.queryHash(method: EpisodesFilter.name, params: filter)
      }
    }
    #expect(made == 2)
  }
}
