/// The online quiz catalogue, sorted by title.
package struct OnlineQuizCatalog: Sendable, Equatable {
  /// Every quiz, in title order (`TitleOrder`), ties by id.
  package let quizzes: [OnlineQuiz]
  /// Where it came from: `embedded` or a URL.
  package let source: String

  /// The catalogue of `quizzes`, sorted.
  package init(_ quizzes: [OnlineQuiz], source: String) {
    self.quizzes = quizzes.sorted { a, b in
      if let before = TitleOrder.compare(TextFolding.fold(a.title), TextFolding.fold(b.title)) {
        return before
      }
      if let before = TitleOrder.compare(a.title, b.title) { return before }
      return TitleOrder.compare(a.id, b.id) ?? false
    }
    self.source = source
  }

  /// The quizzes whose title or a fact holds `search` (case, accents and spacing ignored), in
  /// title order; all of them for nil or blank.
  package func search(_ search: String?) -> [OnlineQuiz] {
    let folded = TextFolding.fold(search ?? "")
    guard !folded.isEmpty else { return quizzes }
    return quizzes.filter { $0.matches(folded: folded) }
  }

  /// The quiz with this id, or nil.
  package func quiz(id: String) -> OnlineQuiz? {
    quizzes.first { $0.id == id }
  }
}
