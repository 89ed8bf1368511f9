import FanProtocol
import JSON
import JSONRPC
import Testing

@testable import FanServer

/// The hot methods' params read directly, and the empty params of methods that take none, are
/// chosen when each method conforms to `RPCMethod` (by what its `Params` is), not asked of the
/// runtime on a call: a conformance declared where its `Params`' own is not seen would quietly
/// decode through `Codable` again.
///
/// Each is asked through a generic function, as `RegisteredMethod.decodeParams` asks: a call on
/// the concrete type would pick the most constrained default at the call site, whatever the
/// conformance's witness is.
@Suite("Params seams chosen by each method's conformance")
struct ParamsWitnessTests {
  private static func object(_ text: String) throws -> JSONObject {
    try #require(try JSONParser.parse(text).objectValue)
  }

  /// `M`'s direct reader as its conformance's witness gives it.
  private static func direct<M: RPCMethod>(_ method: M.Type, _ text: String) throws -> M.Params? {
    M.directlyDecodedParams(from: try object(text), userInfo: [:])
  }

  /// `M`'s empty params as its conformance's witness gives them.
  private static func none<M: RPCMethod>(_ method: M.Type) -> M.Params? {
    M.noParams
  }

  @Test("each hot method's conformance reads its plain params directly, as its Params reads them")
  func directlyDecoded() throws {
    #expect(try Self.direct(EpisodesList.self, #"{"limit":1}"#) == EpisodesList.Params(limit: 1))
    #expect(try Self.direct(EpisodesFilter.self, #"{"season":2}"#)?.season == 2)
    #expect(try Self.direct(CharactersFilter.self, #"{"name":"walt"}"#)?.name == "walt")
    #expect(try Self.direct(EpisodesGet.self, #"{"id":1}"#)?.id == 1)
    #expect(try Self.direct(LocationsGet.self, #"{"id":3}"#)?.id == 3)
    // Params that read nothing directly are left to Codable.
    #expect(try Self.direct(QuotesRandom.self, "{}") == nil)
  }

  @Test("the conformance of a method that takes no params has them ready; others have none")
  func noParams() {
    #expect(Self.none(ServiceInfo.self) == FanProtocol.NoParams())
    #expect(Self.none(QuotesRandom.self) == nil)
    #expect(Self.none(CharactersFilter.self) == nil)
  }

  @Test("a call through the router decodes the same either way")
  func throughTheRouter() throws {
    let direct = try RegisteredMethod.decodeParams(
      of: CharactersFilter.self, from: try JSONParser.parse(#"{"name":"walt","limit":5}"#),
      positional: nil)
    let plain = try JSONValueDecoder().decode(
      CharactersFilter.Params.self, from: try JSONParser.parse(#"{"name":"walt","limit":5}"#))
    #expect(direct == plain)
    #expect(
      try RegisteredMethod.decodeParams(of: ServiceInfo.self, from: nil, positional: nil)
        == FanProtocol.NoParams())
  }
}
