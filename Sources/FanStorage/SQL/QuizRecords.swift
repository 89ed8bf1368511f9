/// The one algorithm that adds, reads and deletes a user's quizzes, over either engine (their
/// facts are read with `SQLWriter.rows(_:where:_:matching:in:orderBy:)`: one statement a quiz in
/// SQLite's process, one round trip with an array in PostgreSQL).
package enum QuizRecords {
  /// The columns a quiz is read from, in the order `quizzes(from:)` reads them.
  private static let columns = "quizzes.id, quizzes.title, quizzes.online_id, quizzes.created_at"

  /// A page of the user's quizzes, newest first, and how many match in all: those whose
  /// folded text holds `search`, after `position` (the last quiz of the previous page), at most
  /// `limit`.
  package static func page<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, search: String?, after position: QuizPosition?, limit: Int?
  ) throws(Writer.Failure) -> (quizzes: [StoredQuiz], total: Int) {
    // Ids grow with every quiz and are never reused: id order is creation order.
    var filter = "user_id = ?"
    var parameters: [SQLParameter] = [.integer(userID)]
    if let search, !search.isEmpty {
      filter += " AND \(writer.dialect.textPosition)(search_text, ?) > 0"
      parameters.append(.text(search))
    }
    let total = Int(
      try writer.query("SELECT COUNT(*) FROM quizzes WHERE \(filter)", parameters)
        .first?.first?.integer ?? 0)
    if let position {
      filter += " AND id < ?"
      parameters.append(.integer(position.id))
    }
    var sql = "SELECT \(columns) FROM quizzes WHERE \(filter) ORDER BY id DESC"
    if let limit {
      sql += " LIMIT ?"
      parameters.append(.integer(Int64(limit)))
    }
    return (try quizzes(writer, from: writer.query(sql, parameters)), total)
  }

  /// The user's quiz with this id, or nil; with `locking`, its row is locked for the write
  /// transaction `writer` runs in, where the engine locks rows.
  package static func quiz<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, id: Int64, locking: Bool = false
  ) throws(Writer.Failure) -> StoredQuiz? {
    let lock = locking && writer.dialect.locksRows ? " FOR UPDATE" : ""
    return try quizzes(
      writer,
      from: writer.query(
        "SELECT \(columns) FROM quizzes WHERE user_id = ? AND id = ?\(lock)",
        [.integer(userID), .integer(id)])
    ).first
  }

  /// The user's quizzes due at `now` (never reviewed, or due by then), never-reviewed ones
  /// first, then by due time, at most `limit`, with their review states; and how many are due.
  package static func due<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, now: Int64, limit: Int
  ) throws(Writer.Failure) -> (due: [(quiz: StoredQuiz, review: StoredReview?)], total: Int) {
    let filter = """
      FROM quizzes LEFT JOIN quiz_reviews ON quiz_reviews.quiz_id = quizzes.id
      WHERE quizzes.user_id = ? AND (quiz_reviews.due_at IS NULL OR quiz_reviews.due_at <= ?)
      """
    let parameters: [SQLParameter] = [.integer(userID), .integer(now)]
    let total = Int(
      try writer.query("SELECT COUNT(*) \(filter)", parameters).first?.first?.integer ?? 0)
    let rows = try writer.query(
      """
      SELECT \(columns) \(filter)
      ORDER BY quiz_reviews.due_at IS NOT NULL, quiz_reviews.due_at, quizzes.created_at,
        quizzes.id
      LIMIT ?
      """, parameters + [.integer(Int64(limit))])
    let quizzes = try quizzes(writer, from: rows)
    let states = try QuizReviewRecords.states(writer, userID: userID, quizIDs: quizzes.map(\.id))
    return (quizzes.map { ($0, states[$0.id]) }, total)
  }

  /// Quizzes from rows of `columns`, with their facts.
  private static func quizzes<Writer: SQLWriter>(_ writer: Writer, from rows: [[SQLValue]])
    throws(Writer.Failure) -> [StoredQuiz]
  {
    var facts: [Int64: [String]] = [:]
    for row in try writer.rows(
      "SELECT quiz_id, fact FROM quiz_facts", matching: "quiz_id",
      in: rows.compactMap { $0[0].integer },
      orderBy: "position")
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
