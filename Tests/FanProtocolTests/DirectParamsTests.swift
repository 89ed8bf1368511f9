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

  /// What `P` reads directly of `text`, checked against what `Codable` reads of it, both given
  /// `userInfo`.
  private static func directly<P: JSONDirectDecodable & Decodable & Equatable>(
    _ type: P.Type, _ text: String, userInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws -> P? {
    let object = try Self.object(text)
    let direct = P.directlyDecoded(from: object, userInfo: userInfo)
    if let direct {
      let decoded = try JSONValueDecoder(userInfo: userInfo).decode(P.self, from: .object(object))
      #expect(direct == decoded, "\(text)")
    }
    return direct
  }

  /// A server's vocabulary: the two universes and their series.
  static let vocabulary: [CodingUserInfoKey: any Sendable] = {
    guard let key = WireVocabulary.userInfoKey else { return [:] }
    return [
      key: WireVocabulary(
        universes: ["breaking-bad", "rick-and-morty"].map(UniverseID.init(rawValue:)),
        series: ["breaking-bad", "better-call-saul", "rick-and-morty"].map(Series.init(rawValue:)))
    ]
  }()

  static let characterInputs =
    inputs + [
      #"{"name":"walt"}"#, #"{"universe":"rick-and-morty","name":"rick"}"#,
      #"{"universe":"rick-and-morty","species":"Alien","status":"alive","limit":5}"#,
      #"{"universe":"star-trek","name":"kirk"}"#, #"{"universe":""}"#, #"{"universe":null}"#,
      #"{"universe":1}"#, #"{"series":"better-call-saul","seasons":[1,2]}"#,
      #"{"series":"the-wire"}"#, #"{"seasons":[]}"#, #"{"seasons":[1,"2"]}"#,
      #"{"seasons":[1.5]}"#, #"{"seasons":2}"#, #"{"status":"presumed-dead"}"#,
      #"{"status":"zombie"}"#, #"{"status":""}"#, #"{"name":""}"#, #"{"name":null}"#,
      #"{"name":"walt","name":"jesse"}"#, #"{"gender":"Female","type":"Parasite"}"#,
      #"{"name":"a","groupBy":"initial"}"#, #"{"name":"é"}"#,
    ]

  @Test(
    "characters.filter: read directly only when Codable reads the same, with a vocabulary",
    arguments: characterInputs)
  func characters(text: String) throws {
    let direct = try Self.directly(CharactersFilter.Params.self, text, userInfo: Self.vocabulary)
    let plain = [
      #"{"name":"walt"}"#, #"{"universe":"rick-and-morty","name":"rick"}"#,
      #"{"universe":"rick-and-morty","species":"Alien","status":"alive","limit":5}"#,
      #"{"series":"better-call-saul","seasons":[1,2]}"#, #"{"gender":"Female","type":"Parasite"}"#,
    ]
    if plain.contains(text) || Self.plain.contains(text) { #expect(direct != nil, "\(text)") }
    if text.contains("star-trek") || text.contains("the-wire") || text.contains("zombie") {
      #expect(direct == nil, "\(text)")
    }
  }

  @Test("characters.filter without a vocabulary reads any name, as Codable does")
  func charactersWithoutVocabulary() throws {
    let direct = try Self.directly(
      CharactersFilter.Params.self, #"{"universe":"star-trek","series":"the-wire"}"#)
    #expect(direct?.universe == UniverseID(rawValue: "star-trek"))
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
    "an id: read directly only when Codable reads the same, with a vocabulary",
    arguments: [
      #"{"id":1}"#, #"{"id":-3}"#, #"{"id":1.0}"#, #"{"id":"1"}"#, #"{"id":null}"#, "{}",
      #"{"id":1,"universe":"rick-and-morty"}"#, #"{"universe":"rick-and-morty","id":2}"#,
      #"{"id":1,"universe":"star-trek"}"#, #"{"id":1,"universe":""}"#,
      #"{"id":1,"universe":null}"#, #"{"id":1,"universe":"rick-and-morty","universe":"x"}"#,
      #"{"id":1,"id":2}"#, #"{"id":1,"bogus":2}"#, #"{"universe":"rick-and-morty"}"#,
    ])
  func id(text: String) throws {
    let direct = try Self.directly(UniverseIDParams.self, text, userInfo: Self.vocabulary)
    let plain = [
      #"{"id":1}"#, #"{"id":-3}"#, #"{"id":1,"universe":"rick-and-morty"}"#,
      #"{"universe":"rick-and-morty","id":2}"#,
    ]
    if plain.contains(text) { #expect(direct != nil, "\(text)") }
    if text.contains("star-trek") || text.contains(#""x""#) { #expect(direct == nil, "\(text)") }
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
