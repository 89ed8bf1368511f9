/// The one algorithm that adds and deletes a user's quizzes, over either engine (reading them
/// with their facts is each engine's: one query a quiz in SQLite's process, one round trip with
/// an array in PostgreSQL).
package enum QuizRecords {
  /// Adds `quiz` to the user's collection at `now`, in the write transaction `writer` runs in:
  /// where the engine locks rows, the user's row first, so that two creations of one title wait
  /// in line; `duplicateQuiz` (as the failure, nothing written) when the title key is taken.
  package static func create<Writer: SQLWriter>(
    _ writer: Writer, quiz: NewQuiz, userID: Int64, now: Int64
  ) throws(Writer.Failure) -> Result<StoredQuiz, StorageError> {
    let user = SQLParameter.integer(userID)
    if writer.dialect.locksRows {
      _ = try writer.query("SELECT 1 FROM users WHERE id = ? FOR UPDATE", [user])
    }
    if let existing = try writer.query(
      "SELECT id FROM quizzes WHERE user_id = ? AND title_key = ?", [user, .text(quiz.titleKey)]
    ).first?.first?.integer {
      return .failure(.duplicateQuiz(existingID: existing))
    }
    let id =
      try writer.query(
        """
        INSERT INTO quizzes (user_id, title, title_key, search_text, online_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?) RETURNING id
        """,
        [
          user, .text(quiz.title), .text(quiz.titleKey), .text(quiz.searchText),
          quiz.onlineID.map(SQLParameter.text) ?? .null, .integer(now),
        ]
      ).first?.first?.integer ?? 0
    for (position, fact) in quiz.facts.enumerated() {
      _ = try writer.query(
        "INSERT INTO quiz_facts (quiz_id, position, fact) VALUES (?, ?, ?)",
        [.integer(id), .integer(Int64(position)), .text(fact)])
    }
    return .success(
      StoredQuiz(
        id: id, title: quiz.title, facts: quiz.facts, onlineID: quiz.onlineID, createdAt: now))
  }

  /// Deletes the user's quiz (its facts and review state go with it; its log stays), in the
  /// write transaction `writer` runs in; false when there is none.
  package static func delete<Writer: SQLWriter>(_ writer: Writer, userID: Int64, id: Int64)
    throws(Writer.Failure) -> Bool
  {
    !(try writer.query(
      "DELETE FROM quizzes WHERE user_id = ? AND id = ? RETURNING id",
      [.integer(userID), .integer(id)]
    ).isEmpty)
  }

  /// The online ids of the user's quizzes copied from the online catalogue.
  package static func onlineIDs<Writer: SQLWriter>(_ writer: Writer, userID: Int64)
    throws(Writer.Failure) -> Set<String>
  {
    Set(
      try writer.query(
        "SELECT online_id FROM quizzes WHERE user_id = ? AND online_id IS NOT NULL",
        [.integer(userID)]
      ).compactMap { $0.first?.text })
  }
}
