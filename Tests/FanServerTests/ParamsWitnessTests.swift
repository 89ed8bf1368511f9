import FanProtocol
import JSON
import JSONRPC
import Testing

@testable import FanServer

/// The hot methods' params read directly, and the empty params of methods that take none, are
/// chosen when each method conforms to `RPCMethod` (by what its `Params` is), not asked of the
/// runtime on a call: a conformance declared where its `Params`' own is not seen would quietly
/// decode through `Codable` again.
@Suite("Params seams chosen by each method's conformance")
struct ParamsWitnessTests {
  private static func object(_ text: String) throws -> JSONObject {
    try #require(try JSONParser.parse(text).objectValue)
  }

  @Test("each hot method reads its plain params directly, as its Params reads them")
  func directlyDecoded() throws {
    let none: [CodingUserInfoKey: any Sendable] = [:]
    #expect(
      EpisodesList.directlyDecodedParams(from: try Self.object(#"{"limit":1}"#), userInfo: none)
        == EpisodesList.Params(limit: 1))
    #expect(
      EpisodesFilter.directlyDecodedParams(from: try Self.object(#"{"season":2}"#), userInfo: none)
        != nil)
    #expect(
      CharactersFilter.directlyDecodedParams(
        from: try Self.object(#"{"name":"walt"}"#), userInfo: none)?.name == "walt")
    #expect(
      EpisodesGet.directlyDecodedParams(from: try Self.object(#"{"id":1}"#), userInfo: none)?.id
        == 1)
    #expect(
      LocationsGet.directlyDecodedParams(from: try Self.object(#"{"id":3}"#), userInfo: none)?.id
        == 3)
    // Params that read nothing directly are left to Codable.
    #expect(
      QuotesRandom.directlyDecodedParams(from: try Self.object("{}"), userInfo: none) == nil)
  }

  @Test("a method that takes no params has them without decoding; others have none ready")
  func noParams() {
    #expect(ServiceInfo.noParams != nil)
    #expect(QuotesRandom.noParams == nil)
    #expect(CharactersFilter.noParams == nil)
  }

  @Test("a call through the router decodes the same either way")
  func throughTheRouter() throws {
    let direct = try RegisteredMethod.decodeParams(
      of: CharactersFilter.self, from: try JSONParser.parse(#"{"name":"walt","limit":5}"#),
      positional: nil)
    let plain = try JSONValueDecoder().decode(
      CharactersFilter.Params.self, from: try JSONParser.parse(#"{"name":"walt","limit":5}"#))
    #expect(direct == plain)
    _ = try RegisteredMethod.decodeParams(of: ServiceInfo.self, from: nil, positional: nil)
  }
}
