import FanAPI
import FanCore
import Foundation
import Testing

@Suite("The embedded lists' sizes, counted at build time")
struct EmbeddedCountsTests {
  @Test("agree with JSONSerialization on every embedded list of every universe")
  func agreesOnTheData() throws {
    // The universes the service knows, from the one list the code has.
    #expect(!Universes.all.isEmpty)
    for universe in Universes.all {
      let source = EmbeddedCatalogSource(universe: universe)
      let counts = try source.recordCounts()
      let lists = try source.bodies()
      #expect(!lists.isEmpty, "\(universe.id) embeds no lists")
      #expect(counts.count == lists.count, "\(universe.id): a count for every list")
      for (resource, bodies) in lists {
        let body = try #require(bodies.first)
        let array = try #require(try JSONSerialization.jsonObject(with: body) as? [Any])
        #expect(counts[resource.name] == array.count, "\(universe.id) \(resource.name)")
      }
    }
  }
}
