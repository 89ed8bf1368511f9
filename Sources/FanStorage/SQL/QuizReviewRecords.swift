/// The one algorithm that keeps a quiz's review state and the review log, over either engine.
package enum QuizReviewRecords {
  /// Applies a review of the user's quiz, in the write transaction `writer` runs in: reads the
  /// quiz (its row locked, where the engine locks rows) and its state, saves what `apply` makes
  /// of them; nil when the user has no such quiz.
  package static func review<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, quizID: Int64,
    applying apply: (StoredQuiz, StoredReview?) -> (StoredReview, StoredReviewLogEntry)
  ) throws(Writer.Failure) -> (quiz: StoredQuiz, review: StoredReview)? {
    guard let quiz = try QuizRecords.quiz(writer, userID: userID, id: quizID, locking: true)
    else { return nil }
    let current = try states(writer, userID: userID, quizIDs: [quizID])[quizID]
    let (next, entry) = apply(quiz, current)
    try save(writer, userID: userID, quizID: quizID, review: next, entry: entry)
    return (quiz, next)
  }

  /// The review states of the user's quizzes `quizIDs`, by quiz id (a quiz never reviewed has
  /// none).
  package static func states<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, quizIDs: [Int64]
  ) throws(Writer.Failure) -> [Int64: StoredReview] {
    var states: [Int64: StoredReview] = [:]
    for row in try writer.rows(
      """
      SELECT quiz_id, repetitions, ease, interval_days, due_at, lapses, reviews, last_reviewed_at,
        is_leech
      FROM quiz_reviews
      """, where: "user_id = ?", [.integer(userID)], matching: "quiz_id", in: quizIDs,
      orderBy: "quiz_id")
    {
      guard let id = row[0].integer, let repetitions = row[1].integer, let ease = row[2].real,
        let interval = row[3].integer, let due = row[4].integer, let lapses = row[5].integer,
        let reviews = row[6].integer
      else { continue }
      states[id] = StoredReview(
        repetitions: Int(repetitions), ease: ease, intervalDays: Int(interval), dueAt: due,
        lapses: Int(lapses), reviews: Int(reviews), lastReviewedAt: row[7].integer,
        isLeech: row[8].integer == 1)
    }
    return states
  }

  /// Saves `review` as the quiz's state and adds `entry` to the log, in the write transaction
  /// `writer` runs in.
  package static func save<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, quizID: Int64, review: StoredReview,
    entry: StoredReviewLogEntry
  ) throws(Writer.Failure) {
    _ = try writer.query(
      """
      INSERT INTO quiz_reviews (quiz_id, user_id, repetitions, ease, interval_days, due_at,
        lapses, reviews, last_reviewed_at, is_leech)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (quiz_id) DO UPDATE SET repetitions = excluded.repetitions,
        ease = excluded.ease, interval_days = excluded.interval_days, due_at = excluded.due_at,
        lapses = excluded.lapses, reviews = excluded.reviews,
        last_reviewed_at = excluded.last_reviewed_at, is_leech = excluded.is_leech
      """,
      [
        .integer(quizID), .integer(userID), .integer(Int64(review.repetitions)),
        .real(review.ease), .integer(Int64(review.intervalDays)), .integer(review.dueAt),
        .integer(Int64(review.lapses)), .integer(Int64(review.reviews)),
        review.lastReviewedAt.map(SQLParameter.integer) ?? .null, .bool(review.isLeech),
      ])
    _ = try writer.query(
      """
      INSERT INTO review_log (user_id, quiz_id, grade, reviewed_at, previous_interval_days,
        interval_days, previous_ease, ease, due_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .integer(userID), .integer(quizID), .text(entry.grade), .integer(entry.reviewedAt),
        .integer(Int64(entry.previousIntervalDays)), .integer(Int64(entry.intervalDays)),
        .real(entry.previousEase), .real(entry.ease), .integer(entry.dueAt),
      ])
  }

  /// The user's review log, oldest first.
  package static func log<Writer: SQLWriter>(_ writer: Writer, userID: Int64)
    throws(Writer.Failure) -> [StoredReviewLogEntry]
  {
    try writer.query(
      """
      SELECT quiz_id, grade, reviewed_at, previous_interval_days, interval_days, previous_ease,
        ease, due_at
      FROM review_log WHERE user_id = ? ORDER BY id
      """, [.integer(userID)]
    ).compactMap { row in
      guard let quiz = row[0].integer, let grade = row[1].text, let at = row[2].integer,
        let previous = row[3].integer, let interval = row[4].integer,
        let previousEase = row[5].real, let ease = row[6].real, let due = row[7].integer
      else { return nil }
      return StoredReviewLogEntry(
        quizID: quiz, grade: grade, reviewedAt: at, previousIntervalDays: Int(previous),
        intervalDays: Int(interval), previousEase: previousEase, ease: ease, dueAt: due)
    }
  }
}
