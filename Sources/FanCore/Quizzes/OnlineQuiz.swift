/// A quiz of the online catalogue (the Quizzes API): its id stays a string, as the API has it.
package struct OnlineQuiz: Sendable, Equatable {
  /// The API's id, such as "8".
  package var id: String
  /// The title as the API has it (trailing spaces and all).
  package var title: String
  /// The facts as the API has them.
  package var facts: [String]

  /// Creates an online quiz.
  package init(id: String, title: String, facts: [String]) {
    self.id = id
    self.title = title
    self.facts = facts
  }

  /// Whether a search for `folded` (already folded) finds it: in its title or a fact.
  package func matches(folded: String) -> Bool {
    folded.isEmpty || TextFolding.fold(title).contains(folded)
      || facts.contains { TextFolding.fold($0).contains(folded) }
  }
}
