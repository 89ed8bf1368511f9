/// A quiz that keeps the rules: its title and facts trimmed, and the keys it is found by.
package struct QuizDraft: Sendable, Equatable {
  /// The title, trimmed.
  package var title: String
  /// The facts, each trimmed, in order.
  package var facts: [String]

  /// The key no two quizzes of a collection share: the title folded (case and accents
  /// ignored, runs of white space as one space, none at the ends).
  package var titleKey: String { TextFolding.fold(title) }

  /// The folded text a search of the collection looks in: the title, then each fact, one a
  /// line.
  package var searchText: String {
    ([title] + facts).map(TextFolding.fold).joined(separator: "\n")
  }
}
