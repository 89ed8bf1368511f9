import FanAPI
import FanCore
import Foundation
import Testing

@Suite("The embedded lists' sizes, counted at build time")
struct EmbeddedCountsTests {
  @Test("agree with JSONSerialization on every embedded list")
  func agreesOnTheData() throws {
    let universes: [any CatalogUniverse] = [BreakingBad(), RickAndMorty()]
    for universe in universes {
      let source = EmbeddedCatalogSource(universe: universe)
      let counts = try source.recordCounts()
      for (resource, bodies) in try source.bodies() {
        let body = try #require(bodies.first)
        let array = try #require(try JSONSerialization.jsonObject(with: body) as? [Any])
        #expect(counts[resource.name] == array.count, "\(universe.id) \(resource.name)")
      }
    }
  }
}
