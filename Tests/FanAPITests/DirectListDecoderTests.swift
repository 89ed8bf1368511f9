import FanAPI
import FanCore
import Foundation
import Testing

@Suite("DirectListDecoder reads a list as JSONDecoder does, or leaves it to JSONDecoder")
struct DirectListDecoderTests {
  static let bodies = Result { try EmbeddedCatalogSource(universe: RickAndMorty()).bodies() }

  /// The records of `data` read directly (which must read it) and with `JSONDecoder`.
  private func bothWays<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) throws -> (
    direct: [T], plain: [T]
  ) {
    let direct = try #require(DirectListDecoder.records(T.self, from: data))
    return (direct, try JSONDecoder().decode([T].self, from: data))
  }

  @Test(
    "every embedded Rick and Morty list reads directly, to the records JSONDecoder reads",
    arguments: ["characters", "episodes", "locations"])
  func embeddedLists(name: String) throws {
    let bodies = try Self.bodies.get()
    let resource = try #require(RickAndMorty().resources.first { $0.name == name })
    let body = try #require(bodies[resource]?.first)
    switch name {
    case "characters":
      let (direct, plain) = try bothWays(RickAndMortyCharacterDTO.self, body)
      #expect(direct.count == 826)
      #expect(direct == plain)
    case "episodes":
      let (direct, plain) = try bothWays(RickAndMortyEpisodeDTO.self, body)
      #expect(direct.count == 51)
      #expect(direct == plain)
    default:
      let (direct, plain) = try bothWays(RickAndMortyLocationDTO.self, body)
      #expect(direct.count == 126)
      #expect(direct == plain)
    }
  }

  static let breakingBadBodies = Result {
    try EmbeddedCatalogSource(universe: BreakingBad()).bodies()
  }

  @Test(
    "every embedded Breaking Bad list reads directly, to the records JSONDecoder reads",
    arguments: ["characters", "episodes", "quotes"])
  func embeddedBreakingBadLists(name: String) throws {
    let bodies = try Self.breakingBadBodies.get()
    let resource = try #require(BreakingBad().resources.first { $0.name == name })
    let body = try #require(bodies[resource]?.first)
    switch name {
    case "characters":
      let (direct, plain) = try bothWays(CharacterDTO.self, body)
      #expect(!direct.isEmpty)
      #expect(direct == plain)
    case "episodes":
      let (direct, plain) = try bothWays(EpisodeDTO.self, body)
      #expect(!direct.isEmpty)
      #expect(direct == plain)
    default:
      let (direct, plain) = try bothWays(QuoteDTO.self, body)
      #expect(!direct.isEmpty)
      #expect(direct == plain)
    }
  }

  @Test(
    "absent appearance lists of a Breaking Bad character read as nil; a null one goes to JSONDecoder"
  )
  func absentAppearances() throws {
    let record = """
      {"char_id": 1, "name": "W", "birthday": "Unknown", "occupation": ["a", "b"], "img": "",
      "status": "Alive", "nickname": "", "portrayed": "", "category": "Breaking Bad"
      """
    let (direct, plain) = try bothWays(CharacterDTO.self, Data("[\(record)}]".utf8))
    #expect(direct == plain)
    #expect(direct.first?.appearance == nil)
    let null = Data("[\(record), \"appearance\": null}]".utf8)
    #expect(DirectListDecoder.records(CharacterDTO.self, from: null) == nil)
  }

  /// An episode list of one record, `extra` added to its members and `name` its name.
  private static func episodes(extra: String = "", name: String = "\"Pilot\"", id: String = "1")
    -> String
  {
    """
    [{"id": \(id), "name": \(name), "air_date": "December 2, 2013", "episode": "S01E01",
    "characters": ["https://rickandmortyapi.com/api/character/1"]\(extra)}]
    """
  }

  @Test(
    "a list of the plain shape reads directly, to what JSONDecoder reads",
    arguments: [
      "[]", " [ ] ", episodes(),
      episodes(extra: #", "url": "u", "created": "2017-11-10T12:56:33.798Z""#),
      episodes(extra: #", "x": {"a": [1, -2, true, false, null, {}, []], "b": {"c": "d"}}"#),
      episodes(name: #""Ünïcødé – 🥒""#), episodes(id: "-7"), episodes(id: "0"),
      episodes(name: #""a \"quoted\" name""#), episodes(name: #""caf\u00e9 caf\u00C9""#),
      episodes(name: #""\ud83e\udd52 \/ \\ \b\f\n\r\t""#), episodes(name: #""é\u00e9é""#),
      episodes() + "\n\t\r ", "\n" + episodes(),
    ])
  func plainShapes(text: String) throws {
    let (direct, plain) = try bothWays(RickAndMortyEpisodeDTO.self, Data(text.utf8))
    #expect(direct == plain)
  }

  @Test(
    "a list of any other shape is left to JSONDecoder, which decodes or rejects it",
    arguments: [
      episodes(name: #""caf\ud800""#), episodes(name: #""caf\udc00""#),
      episodes(name: #""caf\ud800\u0041""#), episodes(name: #""caf\u00g9""#),
      episodes(name: #""caf\u00e""#), episodes(name: #""a\x""#), episodes(name: "\"a\\"),
      episodes(name: "null"), episodes(name: "12"), episodes(id: "1.0"), episodes(id: "1e2"),
      episodes(id: "01"), episodes(id: "99999999999999999999"), episodes(id: "\"1\""),
      episodes(extra: #", "id": 2"#), episodes(extra: #", "x": 1.5"#),
      episodes(extra: #", "x": nul"#), episodes() + "x", episodes() + ",",
      "[" + episodes() + "]", #"[{"id": 1}]"#, "{}", "", "[1]", "[,]",
      #"[{"id": 1, "name": "a\#tb", "air_date": "", "episode": "", "characters": []}]"#,
      String(episodes().dropLast(2)) + ",}]", String(episodes().dropLast()) + ",]",
    ])
  func otherShapes(text: String) {
    #expect(DirectListDecoder.records(RickAndMortyEpisodeDTO.self, from: Data(text.utf8)) == nil)
  }

  @Test("bytes that are not UTF-8 are left to JSONDecoder")
  func invalidUTF8() throws {
    var bytes = Array(Self.episodes().utf8)
    bytes[try #require(bytes.firstIndex(of: UInt8(ascii: "P")))] = 0xFF
    #expect(DirectListDecoder.records(RickAndMortyEpisodeDTO.self, from: Data(bytes)) == nil)
  }

  @Test("a record type that does not read directly is left to JSONDecoder")
  func otherTypes() {
    #expect(DirectListDecoder.records(Int.self, from: Data("[1, 2]".utf8)) == nil)
  }
}
