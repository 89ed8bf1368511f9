/// The one algorithm that keeps a quiz's review state and the review log, over either engine.
package enum QuizReviewRecords {
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
