/// A quiz of the signed-in user's collection: a title and its facts, as a flash card shows them.
public struct Quiz: Codable, Sendable, Hashable {
  /// The id (ids grow with every quiz and are never reused).
  public var id: Int
  /// The title, trimmed.
  public var title: String
  /// The facts (at least two), trimmed.
  public var facts: [String]
  /// When it was created (ISO 8601, UTC).
  public var createdAt: String
  /// The online catalogue's id it was added from, or nil for a quiz made with `createQuiz`.
  public var onlineId: String?
}

/// A quiz of the online catalogue (`quizzes.online`).
public struct OnlineQuiz: Codable, Sendable, Hashable {
  /// The catalogue's id, a string as the Quizzes API has it.
  public var id: String
  /// The title, as the API has it (trailing spaces included).
  public var title: String
  /// The facts, as the API has them.
  public var facts: [String]
  /// Whether the signed-in user added it; nil when nobody is signed in.
  public var inCollection: Bool?
}

/// How well a quiz was recalled: SM-2's qualities 1 (`again`), 3, 4 and 5 (`easy`).
public enum ReviewGrade: String, Codable, Sendable, Hashable, CaseIterable {
  /// Forgotten: start over at 1 day.
  case again
  /// Recalled with difficulty.
  case hard
  /// Recalled.
  case good
  /// Recalled at once.
  case easy
}

/// A quiz's place in the SM-2 schedule.
public struct ReviewState: Codable, Sendable, Hashable {
  /// When it is next due (ISO 8601, UTC).
  public var dueAt: String
  /// The current interval in days.
  public var intervalDays: Int
  /// The SM-2 E-Factor (2.5 at first, never below 1.3).
  public var ease: Double
  /// Reviews in a row recalled since the last `again`.
  public var repetitions: Int
  /// How often it was forgotten after being recalled.
  public var lapses: Int
  /// How many reviews it has had.
  public var reviews: Int
  /// Forgotten 8 times after being recalled: worth rewriting.
  public var leech: Bool
}

/// A quiz due for review, with its schedule (nil for a quiz never reviewed).
public struct DueQuiz: Codable, Sendable, Hashable {
  /// The quiz.
  public var quiz: Quiz
  /// Its schedule, or nil when it was never reviewed.
  public var review: ReviewState?
}

/// The quizzes due for review now (`quizzes.due`).
public struct DueQuizzes: Codable, Sendable, Hashable {
  /// The first of them: never-reviewed ones (oldest first), then by due time.
  public var quizzes: [DueQuiz]
  /// How many quizzes are due in all.
  public var total: Int
}

/// What `quizzes.review` recorded and scheduled.
public struct QuizReview: Codable, Sendable, Hashable {
  /// The quiz's id.
  public var id: Int
  /// The grade given.
  public var grade: ReviewGrade
  /// The quiz's new schedule.
  public var review: ReviewState
  /// SM-2's advice to review it again today (a grade below `good`).
  public var repeatToday: Bool
}
