import FanAPI
import FanCore
import Foundation
import Testing

@Suite("Counting a JSON array's elements without decoding them")
struct JSONArrayCounterTests {
  @Test(
    "counts top-level elements whatever they hold",
    arguments: [
      ("[]", 0),
      (" [ ] ", 0),
      ("[1]", 1),
      (#"[1, "two", null, true, {"a": [1, 2, {"b": "]"}]}, [[], []]]"#, 6),
      (#"["a,b", "c\"],[", "\\"]"#, 3),
      ("[\n  {\"name\": \"ζ, {\"},\n  {}\n]\n", 2),
    ])
  func counts(text: String, expected: Int) {
    #expect(JSONArrayCounter.count(text) == expected)
  }

  @Test(
    "is nil for anything that is not one well-nested array",
    arguments: ["", "{}", "1", "[1,]", "[,1]", "[1] [2]", "[[1]", "[1]]", "[{]}", "[1] x"])
  func rejects(text: String) {
    #expect(JSONArrayCounter.count(text) == nil)
  }

  @Test("agrees with JSONSerialization on every embedded list")
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
