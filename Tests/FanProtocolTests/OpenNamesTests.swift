import FanProtocol
import Foundation
import Testing

/// A client decodes a universe, series or status it does not know; a server holds params to its
/// vocabulary with the messages it always had.
@Suite("Open names")
struct OpenNamesTests {
  private static let episode = Data(
    """
    {"id":1,"universe":"futurama","title":"Space Pilot 3000","series":"futurama",\
    "season":1,"episode":1,"airDate":"1999-03-28","director":"Rich Moore"}
    """.utf8)

  @Test("a record of an unknown universe and series decodes, its own fields kept")
  func unknownUniverseDecodes() throws {
    let record = try JSONDecoder().decode(EpisodeRecord.self, from: Self.episode)
    #expect(record.universe == UniverseID(rawValue: "futurama"))
    #expect(record.series == Series(rawValue: "futurama"))
    #expect(record.extraFields == [RecordField(name: "director", value: .text("Rich Moore"))])
  }

  @Test("an unknown character status decodes as its wire name")
  func unknownStatusDecodes() throws {
    let json = Data(
      """
      {"id":7,"universe":"rick-and-morty","name":"Squanchy","status":"squanched",\
      "species":"Cat-Person","type":null,"gender":"Male",\
      "origin":{"locationId":null,"name":"unknown"},"location":{"locationId":null,"name":"unknown"},\
      "imageURL":"https://example.com/7.jpeg","episodeCount":3}
      """.utf8)
    let record = try JSONDecoder().decode(CharacterRecord.self, from: json)
    #expect(record.status == CharacterStatus(rawValue: "squanched"))
    #expect(!record.status.isKnown)
  }

  /// A decoder holding names to `vocabulary`, as a server's does.
  private static func decoder(_ vocabulary: WireVocabulary) throws -> JSONDecoder {
    let decoder = JSONDecoder()
    let key = try #require(WireVocabulary.userInfoKey)
    decoder.userInfo[key] = vocabulary
    return decoder
  }

  private static let shipped = WireVocabulary(
    universes: [UniverseID(rawValue: "breaking-bad"), UniverseID(rawValue: "rick-and-morty")],
    series: ["breaking-bad", "better-call-saul", "rick-and-morty"].map(Series.init(rawValue:)))

  @Test("params name any universe without a vocabulary, and only the vocabulary's with one")
  func paramsHeldToVocabulary() throws {
    let params = Data(#"{"universe":"futurama","series":"futurama"}"#.utf8)
    let open = try JSONDecoder().decode(EpisodesList.Params.self, from: params)
    #expect(open.universe == UniverseID(rawValue: "futurama"))
    let error = #expect(throws: DecodingError.self) {
      try Self.decoder(Self.shipped).decode(EpisodesList.Params.self, from: params)
    }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(
      context.debugDescription == #"must be one of breaking-bad, rick-and-morty, not "futurama""#)
    #expect(context.codingPath.map(\.stringValue) == ["universe"])
  }

  @Test("a series the vocabulary does not list is refused naming every series")
  func seriesHeldToVocabulary() throws {
    let params = Data(#"{"series":"futurama"}"#.utf8)
    let error = #expect(throws: DecodingError.self) {
      try Self.decoder(Self.shipped).decode(EpisodesList.Params.self, from: params)
    }
    guard case .dataCorrupted(let context)? = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(
      context.debugDescription
        == #"must be one of breaking-bad, better-call-saul, rick-and-morty, not "futurama""#)
  }

  @Test("params encode as the wire names them, absent members left out")
  func paramsEncode() throws {
    let params = EpisodesFilter.Params(
      universe: UniverseID(rawValue: "rick-and-morty"), season: 2,
      characters: [.id(1), .name("Hank Schrader")])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(params), as: UTF8.self)
    #expect(text == #"{"characters":[1,"Hank Schrader"],"season":2,"universe":"rick-and-morty"}"#)
  }
}
