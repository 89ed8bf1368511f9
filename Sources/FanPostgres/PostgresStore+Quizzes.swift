import FanStorage

extension PostgresStore: QuizStore {
  /// Adds a quiz under the user's row lock (`QuizRecords`); `duplicateQuiz` when the title key
  /// is taken.
  package func createQuiz(_ quiz: NewQuiz, userID: Int64) throws(StorageError) -> StoredQuiz {
    let now = clock()
    return try write { () throws(PostgresFailure) in
      try QuizRecords.create(
        PostgresWriter(connection: connection), quiz: quiz, userID: userID, now: now)
    }.get()
  }

  /// A page of the user's quizzes, newest first, and how many match in all (`QuizRecords`).
  package func quizzes(
    userID: Int64, search: String?, after position: QuizPosition?, limit: Int?
  ) throws(StorageError) -> (quizzes: [StoredQuiz], total: Int) {
    try read { writer throws(PostgresFailure) in
      try QuizRecords.page(writer, userID: userID, search: search, after: position, limit: limit)
    }
  }

  /// The user's quiz with this id, or nil.
  package func quiz(userID: Int64, id: Int64) throws(StorageError) -> StoredQuiz? {
    try read { writer throws(PostgresFailure) in
      try QuizRecords.quiz(writer, userID: userID, id: id)
    }
  }

  /// Deletes the user's quiz and its review state; false when there is none.
  package func deleteQuiz(userID: Int64, id: Int64) throws(StorageError) -> Bool {
    try write { () throws(PostgresFailure) in
      try QuizRecords.delete(PostgresWriter(connection: connection), userID: userID, id: id)
    }
  }

  /// The online ids of the user's quizzes copied from the online catalogue.
  package func onlineIDs(userID: Int64) throws(StorageError) -> Set<String> {
    try read { writer throws(PostgresFailure) in try QuizRecords.onlineIDs(writer, userID: userID) }
  }

  /// Applies a review in one transaction, under the quiz's row lock (`QuizReviewRecords`).
  package func review(
    userID: Int64, quizID: Int64,
    applying apply: @Sendable (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? {
    try write { () throws(PostgresFailure) -> (quiz: StoredQuiz, review: StoredReview)? in
      try QuizReviewRecords.review(
        PostgresWriter(connection: connection), userID: userID, quizID: quizID, applying: apply)
    }
  }

  /// The user's quizzes due at `now`, never-reviewed ones first; and how many are due
  /// (`QuizRecords`).
  package func dueQuizzes(userID: Int64, now: Int64, limit: Int) throws(StorageError) -> (
    due: [(quiz: StoredQuiz, review: StoredReview?)], total: Int
  ) {
    try read { writer throws(PostgresFailure) in
      try QuizRecords.due(writer, userID: userID, now: now, limit: limit)
    }
  }

  /// The user's review log, oldest first (`QuizReviewRecords`).
  package func reviewLog(userID: Int64) throws(StorageError) -> [StoredReviewLogEntry] {
    try read { writer throws(PostgresFailure) in try QuizReviewRecords.log(writer, userID: userID) }
  }
}
