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

  /// A page of the user's quizzes, newest first, and how many match in all.
  package func quizzes(
    userID: Int64, search: String?, after position: QuizPosition?, limit: Int?
  ) throws(StorageError) -> (quizzes: [StoredQuiz], total: Int) {
    // Ids grow with every quiz and are never reused: id order is creation order.
    var filter = "user_id = ?"
    var parameters: [SQLiteValue] = [.integer(userID)]
    if let search, !search.isEmpty {
      filter += " AND instr(search_text, ?) > 0"
      parameters.append(.text(search))
    }
    let total = Int(
      try connection.query("SELECT COUNT(*) FROM quizzes WHERE \(filter)", parameters)
        .first?.first?.integer ?? 0)
    var page = filter
    var pageParameters = parameters
    if let position {
      page += " AND id < ?"
      pageParameters.append(.integer(position.id))
    }
    var sql = """
      SELECT id, title, online_id, created_at FROM quizzes WHERE \(page)
      ORDER BY id DESC
      """
    if let limit {
      sql += " LIMIT ?"
      pageParameters.append(.integer(Int64(limit)))
    }
    let rows = try connection.query(sql, pageParameters)
    return (try quizzes(from: rows), total)
  }

  /// The user's quiz with this id, or nil.
  package func quiz(userID: Int64, id: Int64) throws(StorageError) -> StoredQuiz? {
    try quizzes(
      from: connection.query(
        "SELECT id, title, online_id, created_at FROM quizzes WHERE user_id = ? AND id = ?",
        [.integer(userID), .integer(id)])
    ).first
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

  /// Applies a review in one transaction; nil when the user has no such quiz.
  package func review(
    userID: Int64, quizID: Int64,
    applying apply: @Sendable (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) async throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? {
    try await transaction {
      connection throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? in
      guard let quiz = try quiz(userID: userID, id: quizID) else { return nil }
      let current = try reviewStates(userID: userID, ids: [quizID])[quizID]
      let (next, entry) = apply(quiz, current)
      try QuizReviewRecords.save(
        SQLiteWriter(connection: connection), userID: userID, quizID: quizID, review: next,
        entry: entry)
      return (quiz, next)
    }
  }

  /// The user's quizzes due at `now`, never-reviewed ones first; and how many are due.
  package func dueQuizzes(userID: Int64, now: Int64, limit: Int) throws(StorageError) -> (
    due: [(quiz: StoredQuiz, review: StoredReview?)], total: Int
  ) {
    let filter = """
      FROM quizzes LEFT JOIN quiz_reviews ON quiz_reviews.quiz_id = quizzes.id
      WHERE quizzes.user_id = ? AND (quiz_reviews.due_at IS NULL OR quiz_reviews.due_at <= ?)
      """
    let parameters: [SQLiteValue] = [.integer(userID), .integer(now)]
    let total = Int(
      try connection.query("SELECT COUNT(*) \(filter)", parameters).first?.first?.integer ?? 0)
    let rows = try connection.query(
      """
      SELECT quizzes.id, quizzes.title, quizzes.online_id, quizzes.created_at \(filter)
      ORDER BY quiz_reviews.due_at IS NOT NULL, quiz_reviews.due_at, quizzes.created_at,
        quizzes.id
      LIMIT ?
      """, parameters + [.integer(Int64(limit))])
    let quizzes = try quizzes(from: rows)
    let states = try reviewStates(userID: userID, ids: quizzes.map(\.id))
    return (quizzes.map { ($0, states[$0.id]) }, total)
  }

  /// The user's review log, oldest first (`QuizReviewRecords`).
  package func reviewLog(userID: Int64) throws(StorageError) -> [StoredReviewLogEntry] {
    try QuizReviewRecords.log(SQLiteWriter(connection: connection), userID: userID)
  }

  /// Quizzes from rows of `id, title, online_id, created_at`, with their facts.
  private func quizzes(from rows: [[SQLiteValue]]) throws(StorageError) -> [StoredQuiz] {
    var quizzes: [StoredQuiz] = []
    quizzes.reserveCapacity(rows.count)
    for row in rows {
      guard let id = row[0].integer, let title = row[1].text, let at = row[3].integer else {
        continue
      }
      let facts = try connection.query(
        "SELECT fact FROM quiz_facts WHERE quiz_id = ? ORDER BY position", [.integer(id)]
      ).compactMap { $0.first?.text }
      quizzes.append(
        StoredQuiz(id: id, title: title, facts: facts, onlineID: row[2].text, createdAt: at))
    }
    return quizzes
  }

  /// The review states of the user's quizzes `ids`, by quiz id.
  private func reviewStates(userID: Int64, ids: [Int64]) throws(StorageError) -> [Int64:
    StoredReview]
  {
    var states: [Int64: StoredReview] = [:]
    for id in ids {
      guard
        let row = try connection.query(
          """
          SELECT repetitions, ease, interval_days, due_at, lapses, reviews, last_reviewed_at,
            is_leech
          FROM quiz_reviews WHERE quiz_id = ? AND user_id = ?
          """, [.integer(id), .integer(userID)]
        ).first,
        let repetitions = row[0].integer, let ease = row[1].real, let interval = row[2].integer,
        let due = row[3].integer, let lapses = row[4].integer, let reviews = row[5].integer
      else { continue }
      states[id] = StoredReview(
        repetitions: Int(repetitions), ease: ease, intervalDays: Int(interval), dueAt: due,
        lapses: Int(lapses), reviews: Int(reviews), lastReviewedAt: row[6].integer,
        isLeech: row[7].integer == 1)
    }
    return states
  }
}
