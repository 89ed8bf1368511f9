import FanCore
import Testing

@Suite("Quiz rules and title order")
struct QuizRulesTests {
  private func problems(_ title: String?, _ facts: [String]?) -> [String] {
    guard case .failure(.invalid(let problems)) = QuizPolicy.validate(title: title, facts: facts)
    else { return [] }
    return problems.map(\.message)
  }

  @Test("every problem is reported at once, in the seed's words")
  func allAtOnce() {
    #expect(problems(nil, nil) == ["Title is required", "A quiz needs two facts"])
    #expect(problems("  ", ["one", "   "]) == ["Title is required", "A quiz needs two facts"])
    #expect(problems("T", ["a", " ", "b"]) == ["Fact 2 is empty"])
    #expect(
      problems("T\u{0}", ["a", "b\u{0}"]) == [
        "Title holds a control character", "Fact 2 holds a control character",
      ])
  }

  @Test("limits hold at the boundary and fail one past it")
  func limits() {
    let title = String(repeating: "t", count: QuizPolicy.maximumTitleLength)
    let fact = String(repeating: "f", count: QuizPolicy.maximumFactLength)
    #expect(problems(title, [fact, fact]).isEmpty)
    #expect(
      problems(title + "t", [fact + "f", "b"]) == [
        "Title is longer than 200 characters", "Fact 1 is longer than 2,000 characters",
      ])
    #expect(problems("T", Array(repeating: "f", count: 20)).isEmpty)
    #expect(problems("T", Array(repeating: "f", count: 21)) == ["A quiz has at most 20 facts"])
  }

  @Test("title and facts are trimmed; the key ignores case, accents and spacing")
  func keys() throws {
    let draft = try QuizPolicy.validate(title: "  Quick Sort ", facts: [" a", "b\n"]).get()
    #expect(draft.title == "Quick Sort" && draft.facts == ["a", "b"])
    let keys = try ["Quick Sort", "  quick   SORT ", "Quíck Sort"].map {
      try QuizPolicy.validate(title: $0, facts: ["a", "b"]).get().titleKey
    }
    #expect(Set(keys).count == 1)
  }

  @Test("titles order by folded text with numbers by value, punctuation kept")
  func order() {
    let titles = [
      "Toddler Quiz #10", "toddler quiz #2", "Toddler Quiz #1", "Élan", "apple",
      "Item 0000000000000000000000000000000000000001",
      "Item 99999999999999999999999999999999999999",
      "Quiz!", "Quiz",
    ]
    let sorted = titles.sorted(by: TitleOrder.precedes)
    #expect(
      sorted == [
        "apple", "Élan", "Item 0000000000000000000000000000000000000001",
        "Item 99999999999999999999999999999999999999", "Quiz", "Quiz!", "Toddler Quiz #1",
        "toddler quiz #2", "Toddler Quiz #10",
      ])
  }
}
