import FanProtocol
import JSON
import Testing

/// The hot methods' params read directly (`JSONDirectDecodable`): the plain shapes are read, to
/// what `Codable` reads; everything else is left to `Codable`.
@Suite("Params read directly")
struct DirectParamsTests {
  static let inputs = [
    "{}", #"{"limit":1}"#, #"{"limit":200}"#, #"{"cursor":"abc"}"#, #"{"limit":3,"cursor":"x"}"#,
    #"{"season":2}"#, #"{"season":-1}"#, #"{"season":2,"limit":3}"#, #"{"limit":0}"#,
    #"{"limit":100000}"#, #"{"limit":1.0}"#, #"{"limit":1e0}"#,
    #"{"limit":"1"}"#, #"{"limit":null}"#, #"{"cursor":""}"#, #"{"cursor":null}"#,
    #"{"cursor":1}"#, #"{"limit":1,"limit":2}"#, #"{"season":2,"season":3}"#,
    #"{"universe":"breaking-bad"}"#, #"{"series":""}"#, #"{"name":"pilot"}"#, #"{"bogus":1}"#,
    #"{"season":1234567890}"#, #"{"season":-0}"#,
  ]

  static let plain = [
    "{}", #"{"limit":1}"#, #"{"limit":200}"#, #"{"cursor":"abc"}"#, #"{"limit":3,"cursor":"x"}"#,
  ]

  private static func object(_ text: String) throws -> JSONObject {
    try #require(try JSONParser.parse(text).objectValue)
  }

  /// What `P` reads directly of `text`, checked against what `Codable` reads of it.
  private static func directly<P: JSONDirectDecodable & Decodable & Equatable>(
    _ type: P.Type, _ text: String
  ) throws -> P? {
    let object = try Self.object(text)
    let direct = P.directlyDecoded(from: object)
    if let direct {
      #expect(direct == (try JSONValueDecoder().decode(P.self, from: .object(object))), "\(text)")
    }
    return direct
  }

  @Test("episodes.list: read directly only when Codable reads the same", arguments: inputs)
  func list(text: String) throws {
    let direct = try Self.directly(EpisodesList.Params.self, text)
    if Self.plain.contains(text) { #expect(direct != nil) }
  }

  @Test("episodes.filter: read directly only when Codable reads the same", arguments: inputs)
  func filter(text: String) throws {
    let direct = try Self.directly(EpisodesFilter.Params.self, text)
    let seasonTwo = text.hasPrefix(#"{"season":2"#) && !text.contains(#""season":3"#)
    if Self.plain.contains(text) || seasonTwo { #expect(direct != nil) }
  }

  @Test(
    "an id: read directly only when Codable reads the same",
    arguments: [
      #"{"id":1}"#, #"{"id":-3}"#, #"{"id":1.0}"#, #"{"id":"1"}"#, #"{"id":null}"#, "{}",
      #"{"id":1,"universe":"rick-and-morty"}"#, #"{"id":1,"id":2}"#, #"{"id":1,"bogus":2}"#,
    ])
  func id(text: String) throws {
    let direct = try Self.directly(UniverseIDParams.self, text)
    if text == #"{"id":1}"# || text == #"{"id":-3}"# { #expect(direct != nil) }
    if text.contains("universe") { #expect(direct == nil) }
  }

  @Test(
    "a plain integer is read; anything else is not",
    arguments: [
      ("7", 7), ("-12", -12), ("0", 0), ("123456789", 123_456_789), ("01", nil), ("1.0", nil),
      ("1e3", nil), ("1234567890", nil), ("-", nil),
    ] as [(String, Int?)])
  func plainInteger(text: String, value: Int?) {
    #expect(JSONValue.number(text).plainInteger == value)
    #expect(JSONValue.string(text).plainInteger == nil)
  }
}
