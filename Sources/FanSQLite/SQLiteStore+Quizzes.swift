import FanStorage

extension SQLiteStore: QuizStore {
  /// Adds a quiz to the user's collection (`QuizRecords`); `duplicateQuiz` when the title key
  /// is taken.
  package func createQuiz(_ quiz: NewQuiz, userID: Int64) async throws(StorageError) -> StoredQuiz {
    let now = clock()
    return try await transaction { connection throws(StorageError) in
      try QuizRecords.create(
        SQLiteWriter(connection: connection), quiz: quiz, userID: userID, now: now
      ).get()
    }
  }

  /// A page of the user's quizzes, newest first, and how many match in all (`QuizRecords`).
  package func quizzes(
    userID: Int64, search: String?, after position: QuizPosition?, limit: Int?
  ) throws(StorageError) -> (quizzes: [StoredQuiz], total: Int) {
    try QuizRecords.page(
      SQLiteWriter(connection: connection), userID: userID, search: search, after: position,
      limit: limit)
  }

  /// The user's quiz with this id, or nil.
  package func quiz(userID: Int64, id: Int64) throws(StorageError) -> StoredQuiz? {
    try QuizRecords.quiz(SQLiteWriter(connection: connection), userID: userID, id: id)
  }

  /// Deletes the user's quiz and its review state; false when there is none.
  package func deleteQuiz(userID: Int64, id: Int64) async throws(StorageError) -> Bool {
    try await transaction { connection throws(StorageError) in
      try QuizRecords.delete(SQLiteWriter(connection: connection), userID: userID, id: id)
    }
  }

  /// The online ids of the user's quizzes copied from the online catalogue.
  package func onlineIDs(userID: Int64) throws(StorageError) -> Set<String> {
    try QuizRecords.onlineIDs(SQLiteWriter(connection: connection), userID: userID)
  }

  /// Applies a review in one transaction (`QuizReviewRecords`); nil when the user has no such
  /// quiz.
  package func review(
    userID: Int64, quizID: Int64,
    applying apply: @Sendable (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) async throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? {
    try await transaction {
      connection throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? in
      try QuizReviewRecords.review(
        SQLiteWriter(connection: connection), userID: userID, quizID: quizID, applying: apply)
    }
  }

  /// The user's quizzes due at `now`, never-reviewed ones first; and how many are due
  /// (`QuizRecords`).
  package func dueQuizzes(userID: Int64, now: Int64, limit: Int) throws(StorageError) -> (
    due: [(quiz: StoredQuiz, review: StoredReview?)], total: Int
  ) {
    try QuizRecords.due(
      SQLiteWriter(connection: connection), userID: userID, now: now, limit: limit)
  }

  /// The user's review log, oldest first (`QuizReviewRecords`).
  package func reviewLog(userID: Int64) throws(StorageError) -> [StoredReviewLogEntry] {
    try QuizReviewRecords.log(SQLiteWriter(connection: connection), userID: userID)
  }
}
