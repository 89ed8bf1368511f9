/// The params of the quizzes methods; nil members are left out.
private struct QuizParams: Encodable, Sendable {
  var id: Int?
  var title: String?
  var facts: [String]?
  var onlineId: String?
  var grade: ReviewGrade?
  var search: String?
  var limit: Int?
  var cursor: String?
  var token: String?
}

private struct QuizzesResult: Decodable {
  var quizzes: [Quiz]
  var total: Int
  var nextCursor: String?
}

private struct OnlineQuizzesResult: Decodable {
  var quizzes: [OnlineQuiz]
  var total: Int
  var nextCursor: String?
}

extension BBFanClient {
  /// `quizzes.create`: adds a quiz (a title and at least two facts, trimmed) to the collection.
  ///
  /// Invalid params throw -32602 with every problem in `BBFanError.problems`; a title already
  /// in the collection (ignoring case, accents and spacing) throws -32016 `duplicate` with
  /// `existingId`.
  public func createQuiz(title: String, facts: [String], token: String? = nil) async throws
    -> Quiz
  {
    try await call("quizzes.create", QuizParams(title: title, facts: facts, token: token))
  }

  /// `quizzes.list`: one page of the collection, newest first, optionally searched in titles and
  /// facts (the whole collection without `limit`).
  public func quizzes(
    search: String? = nil, limit: Int? = nil, cursor: String? = nil, token: String? = nil
  ) async throws -> Page<Quiz> {
    let result = try await call(
      "quizzes.list", QuizParams(search: search, limit: limit, cursor: cursor, token: token),
      as: QuizzesResult.self)
    return Page(records: result.quizzes, total: result.total, nextCursor: result.nextCursor)
  }

  /// `quizzes.get`: one quiz of the collection (another user's is `not-found`).
  public func quiz(id: Int, token: String? = nil) async throws -> Quiz {
    try await call("quizzes.get", QuizParams(id: id, token: token))
  }

  /// `quizzes.delete`: removes a quiz from the collection; the quiz that was removed.
  public func deleteQuiz(id: Int, token: String? = nil) async throws -> Quiz {
    try await call("quizzes.delete", QuizParams(id: id, token: token))
  }

  /// `quizzes.online`: one page of the online catalogue, sorted by title (numbers by value),
  /// optionally searched; anyone may browse it.
  public func onlineQuizzes(
    search: String? = nil, limit: Int? = nil, cursor: String? = nil, token: String? = nil
  ) async throws -> Page<OnlineQuiz> {
    let result = try await call(
      "quizzes.online", QuizParams(search: search, limit: limit, cursor: cursor, token: token),
      as: OnlineQuizzesResult.self)
    return Page(records: result.quizzes, total: result.total, nextCursor: result.nextCursor)
  }

  /// `quizzes.add`: copies an online quiz into the collection (-32016 `duplicate` when its title
  /// is there already).
  public func addQuiz(onlineID: String, token: String? = nil) async throws -> Quiz {
    try await call("quizzes.add", QuizParams(onlineId: onlineID, token: token))
  }

  /// `quizzes.due`: the quizzes due for review now (at most `limit`, 20 when nil) and how many
  /// are due in all.
  public func dueQuizzes(limit: Int? = nil, token: String? = nil) async throws -> DueQuizzes {
    try await call("quizzes.due", QuizParams(limit: limit, token: token))
  }

  /// `quizzes.review`: records how well a quiz was recalled and schedules its next review (SM-2).
  public func reviewQuiz(id: Int, grade: ReviewGrade, token: String? = nil) async throws
    -> QuizReview
  {
    try await call("quizzes.review", QuizParams(id: id, grade: grade, token: token))
  }
}
