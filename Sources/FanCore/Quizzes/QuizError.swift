/// Why a quiz request was refused.
package enum QuizError: Error, Sendable, Equatable {
  /// The quiz as given breaks these rules, every one reported at once.
  case invalid([QuizProblem])
  /// The collection already holds a quiz with this title (case, accents and spacing ignored).
  case duplicate(title: String, existingID: Int64)
  /// The user has no quiz with this id.
  case notFound(id: Int64)
  /// The online catalogue has no quiz with this id.
  case onlineNotFound(id: String)
}
