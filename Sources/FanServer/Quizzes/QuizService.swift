import FanAPI
import FanCore
import FanProtocol
import FanStorage

/// The quizzes of a user over the store: validation, duplicates, the online catalogue and
/// SM-2 reviews.
struct QuizService: Sendable {
  let storage: Storage
  /// The time now in milliseconds since 1970 (injected in tests).
  let clock: @Sendable () -> Int64

  /// Adds the quiz of `title` and `facts` to the collection of `userID`.
  func create(userID: Int64, title: String?, facts: [String]?, onlineID: String? = nil)
    async throws -> StoredQuiz
  {
    let draft = try QuizPolicy.validate(title: title, facts: facts).get()
    do {
      return try await storage.quizzes().createQuiz(
        NewQuiz(
          title: draft.title, titleKey: draft.titleKey, searchText: draft.searchText,
          facts: draft.facts, onlineID: onlineID), userID: userID)
    } catch StorageError.duplicateQuiz(let existing) {
      throw QuizError.duplicate(title: draft.title, existingID: existing)
    }
  }

  /// The user's quiz `id`; `notFound` when the user has none (another user's included).
  func quiz(userID: Int64, id: Int64) async throws -> StoredQuiz {
    guard let quiz = try await storage.quizzes().quiz(userID: userID, id: id) else {
      throw QuizError.notFound(id: id)
    }
    return quiz
  }

  /// Reviews the user's quiz `id` with `grade` now, under SM-2.
  func review(userID: Int64, id: Int64, grade: ReviewGrade) async throws -> (
    quiz: StoredQuiz, review: StoredReview, repeatToday: Bool
  ) {
    let now = clock()
    guard
      let reviewed = try await storage.quizzes().review(
        userID: userID, quizID: id,
        applying: { quiz, stored in
          let state = stored.map(Self.state(of:)) ?? .new
          let (next, entry) = SM2Scheduler.review(state, grade: grade, at: now)
          return (
            Self.stored(next, dueAt: entry.dueAt),
            StoredReviewLogEntry(
              quizID: quiz.id, grade: grade.rawValue, reviewedAt: now,
              previousIntervalDays: entry.previousIntervalDays, intervalDays: entry.intervalDays,
              previousEase: Double(entry.previousEaseHundredths) / 100,
              ease: Double(entry.easeHundredths) / 100, dueAt: entry.dueAt)
          )
        })
    else { throw QuizError.notFound(id: id) }
    return (reviewed.quiz, reviewed.review, grade.quality < 4)
  }

  private static func state(of stored: StoredReview) -> ReviewState {
    ReviewState(
      repetitions: stored.repetitions, easeHundredths: Int((stored.ease * 100).rounded()),
      intervalDays: stored.intervalDays, dueAt: stored.dueAt, lapses: stored.lapses,
      reviews: stored.reviews, lastReviewedAt: stored.lastReviewedAt)
  }

  private static func stored(_ state: ReviewState, dueAt: Int64) -> StoredReview {
    StoredReview(
      repetitions: state.repetitions, ease: state.ease, intervalDays: state.intervalDays,
      dueAt: dueAt, lapses: state.lapses, reviews: state.reviews,
      lastReviewedAt: state.lastReviewedAt, isLeech: state.isLeech)
  }
}
