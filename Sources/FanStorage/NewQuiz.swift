/// A quiz to add to a collection, already validated.
package struct NewQuiz: Sendable, Equatable {
  /// The title, trimmed.
  package var title: String
  /// The key that no two quizzes of a collection share.
  package var titleKey: String
  /// The folded text that a search of the collection looks in.
  package var searchText: String
  /// The facts, trimmed, in order.
  package var facts: [String]
  /// The id in the online catalogue it was copied from, if any.
  package var onlineID: String?

  /// Creates a quiz to add.
  package init(
    title: String, titleKey: String, searchText: String, facts: [String], onlineID: String?
  ) {
    self.title = title
    self.titleKey = titleKey
    self.searchText = searchText
    self.facts = facts
    self.onlineID = onlineID
  }
}
