import FanAPI
import FanProtocol
import Testing

@testable import FanServer

@Suite("PublicAPIs: the universes' own, parsed when asked for")
struct PublicAPIsTests {
  @Test("every shipped universe's public API parses, and is the endpoint given for it")
  func shippedParse() throws {
    let own = PublicAPIs(ownOf: Universes.shipped)
    let declared = Universes.shipped.all.filter { $0.publicAPI != nil }
    #expect(!declared.isEmpty)
    #expect(own.endpoints.count == declared.count)
    for universe in declared {
      let url = try #require(universe.publicAPI)
      #expect(own.endpoints[universe.id] == (try APIEndpoint(base: url)), "\(universe.id)")
      #expect(own.endpoint(of: universe.id) == own.endpoints[universe.id], "\(universe.id)")
    }
    #expect(own.isEmpty == own.endpoints.isEmpty)
    #expect(own == PublicAPIs(given: own.endpoints))
  }

  @Test("given endpoints are what they are, none included")
  func given() throws {
    let endpoint = try APIEndpoint(base: "http://127.0.0.1:9/api")
    let given = PublicAPIs(given: [.rickAndMorty: endpoint])
    #expect(given.endpoints == [.rickAndMorty: endpoint])
    #expect(given.endpoint(of: .rickAndMorty) == endpoint)
    #expect(given.endpoint(of: .breakingBad) == nil)
    #expect(PublicAPIs(ownOf: Universes.shipped).endpoint(of: .breakingBad) == nil)
    #expect(!given.isEmpty)
    #expect(PublicAPIs(given: [:]).isEmpty)
    #expect(PublicAPIs(given: [:]).endpoints.isEmpty)
  }
}
