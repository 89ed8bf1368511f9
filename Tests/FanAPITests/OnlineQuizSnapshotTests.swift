import FanAPI
import FanCore
import Foundation
import Testing

@Suite("The online quiz catalogue")
struct OnlineQuizSnapshotTests {
  @Test("the embedded catalogue holds the 52 quizzes, ids as strings, text as the API has it")
  func embedded() throws {
    let catalog = try OnlineQuizSnapshot.embedded()
    #expect(catalog.quizzes.count == 52)
    #expect(Set(catalog.quizzes.map(\.id)) == Set((1...52).map(String.init)))
    #expect(catalog.quiz(id: "8")?.title == "What is the Swift main advantage ? ")
    #expect(catalog.quizzes.allSatisfy { $0.facts.count == 2 })
    let toddlers = catalog.search("toddler quiz").map(\.title)
    #expect(toddlers == ["Toddler Quiz #1", "Toddler Quiz #2", "Toddler Quiz #3"])
    let titles = catalog.quizzes.map(\.title)
    #expect(titles == titles.sorted(by: TitleOrder.precedes))
    #expect(catalog.search("  ").count == 52)
  }

  @Test("a record of the wrong shape is named with its index and field")
  func badRecord() {
    let body = Data(
      #"[{"id":"1","quizTitle":"A","facts":["a","b"]},{"id":2,"quizTitle":"B","facts":[]}]"#.utf8)
    #expect {
      _ = try OnlineQuizSnapshot.decode(body, resource: "quizzes")
    } throws: { error in
      guard case .wrongShape(let resource, let detail)? = error as? SourceError else {
        return false
      }
      return resource == "quizzes" && detail.hasPrefix("[1].id")
    }
  }
}
