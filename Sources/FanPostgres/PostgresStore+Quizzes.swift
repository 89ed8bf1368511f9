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

  /// A page of the user's quizzes, newest first, and how many match in all.
  package func quizzes(
    userID: Int64, search: String?, after position: QuizPosition?, limit: Int?
  ) throws(StorageError) -> (quizzes: [StoredQuiz], total: Int) {
    var filter = "user_id = $1"
    var parameters: [PostgresValue] = [.integer(userID)]
    if let search, !search.isEmpty {
      parameters.append(.text(search))
      filter += " AND strpos(search_text, $\(parameters.count)) > 0"
    }
    let total = Int(
      try read("SELECT COUNT(*) FROM quizzes WHERE \(filter)", parameters).first?.first?.integer
        ?? 0)
    if let position {
      parameters.append(.integer(position.id))
      filter += " AND id < $\(parameters.count)"
    }
    var sql =
      "SELECT id, title, online_id, created_at FROM quizzes WHERE \(filter) ORDER BY id DESC"
    if let limit {
      parameters.append(.integer(Int64(limit)))
      sql += " LIMIT $\(parameters.count)"
    }
    return (try quizzes(from: read(sql, parameters)), total)
  }

  /// The user's quiz with this id, or nil.
  package func quiz(userID: Int64, id: Int64) throws(StorageError) -> StoredQuiz? {
    try quizzes(
      from: read(
        "SELECT id, title, online_id, created_at FROM quizzes WHERE user_id = $1 AND id = $2",
        [.integer(userID), .integer(id)])
    ).first
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

  /// Applies a review in one transaction, under the quiz's row lock.
  package func review(
    userID: Int64, quizID: Int64,
    applying apply: @Sendable (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) throws(StorageError) -> (quiz: StoredQuiz, review: StoredReview)? {
    try write { () throws(PostgresFailure) -> (quiz: StoredQuiz, review: StoredReview)? in
      let rows = try connection.query(
        """
        SELECT id, title, online_id, created_at FROM quizzes WHERE user_id = $1 AND id = $2
        FOR UPDATE
        """, [.integer(userID), .integer(quizID)])
      guard let quiz = try quizzesLocked(from: rows).first else { return nil }
      let current = try reviewStatesLocked(userID: userID, ids: [quizID])[quizID]
      let (next, entry) = apply(quiz, current)
      try QuizReviewRecords.save(
        PostgresWriter(connection: connection), userID: userID, quizID: quizID, review: next,
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
      WHERE quizzes.user_id = $1 AND (quiz_reviews.due_at IS NULL OR quiz_reviews.due_at <= $2)
      """
    let parameters: [PostgresValue] = [.integer(userID), .integer(now)]
    let total = Int(try read("SELECT COUNT(*) \(filter)", parameters).first?.first?.integer ?? 0)
    let quizzes = try quizzes(
      from: read(
        """
        SELECT quizzes.id, quizzes.title, quizzes.online_id, quizzes.created_at \(filter)
        ORDER BY quiz_reviews.due_at IS NOT NULL, quiz_reviews.due_at, quizzes.created_at,
          quizzes.id
        LIMIT $3
        """, parameters + [.integer(Int64(limit))]))
    let states: [Int64: StoredReview]
    do {
      states = try reviewStatesLocked(userID: userID, ids: quizzes.map(\.id))
    } catch {
      throw PostgresStore.storageError(error, location: location)
    }
    return (quizzes.map { ($0, states[$0.id]) }, total)
  }

  /// The user's review log, oldest first (`QuizReviewRecords`).
  package func reviewLog(userID: Int64) throws(StorageError) -> [StoredReviewLogEntry] {
    try read { writer throws(PostgresFailure) in try QuizReviewRecords.log(writer, userID: userID) }
  }

  private func quizzes(from rows: [[PostgresValue]]) throws(StorageError) -> [StoredQuiz] {
    do {
      return try quizzesLocked(from: rows)
    } catch {
      throw PostgresStore.storageError(error, location: location)
    }
  }

  /// Quizzes from rows of `id, title, online_id, created_at`, with their facts (one query).
  private func quizzesLocked(from rows: [[PostgresValue]]) throws(PostgresFailure)
    -> [StoredQuiz]
  {
    let ids = rows.compactMap { $0[0].integer }
    guard !ids.isEmpty else { return [] }
    var facts: [Int64: [String]] = [:]
    for row in try connection.query(
      "SELECT quiz_id, fact FROM quiz_facts WHERE quiz_id = ANY($1::bigint[]) ORDER BY quiz_id, position",
      [.text("{" + ids.map(String.init).joined(separator: ",") + "}")])
    {
      guard let id = row[0].integer, let fact = row[1].text else { continue }
      facts[id, default: []].append(fact)
    }
    return rows.compactMap { row in
      guard let id = row[0].integer, let title = row[1].text, let at = row[3].integer else {
        return nil
      }
      return StoredQuiz(
        id: id, title: title, facts: facts[id] ?? [], onlineID: row[2].text, createdAt: at)
    }
  }

  private func reviewStatesLocked(userID: Int64, ids: [Int64]) throws(PostgresFailure)
    -> [Int64: StoredReview]
  {
    guard !ids.isEmpty else { return [:] }
    var states: [Int64: StoredReview] = [:]
    for row in try connection.query(
      """
      SELECT quiz_id, repetitions, ease, interval_days, due_at, lapses, reviews, last_reviewed_at,
        is_leech
      FROM quiz_reviews WHERE user_id = $1 AND quiz_id = ANY($2::bigint[])
      """, [.integer(userID), .text("{" + ids.map(String.init).joined(separator: ",") + "}")])
    {
      guard let id = row[0].integer, let repetitions = row[1].integer, let ease = row[2].double,
        let interval = row[3].integer, let due = row[4].integer, let lapses = row[5].integer,
        let reviews = row[6].integer
      else { continue }
      states[id] = StoredReview(
        repetitions: Int(repetitions), ease: ease, intervalDays: Int(interval), dueAt: due,
        lapses: Int(lapses), reviews: Int(reviews), lastReviewedAt: row[7].integer,
        isLeech: row[8].bool ?? false)
    }
    return states
  }
}
