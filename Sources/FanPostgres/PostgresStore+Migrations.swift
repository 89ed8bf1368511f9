import FanStorage

extension PostgresStore {
  /// Creates or migrates the schema in one transaction under the migration advisory lock;
  /// a database of a newer schema is `newerSchema`.
  static func migrate(_ connection: PostgresConnection, location: String) throws(StorageError) {
    do {
      try connection.withRetry { () throws(PostgresFailure) in
        try connection.transaction { () throws(PostgresFailure) in
          try connection.lockForTransaction(migrationLockKey)
          try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS bbfan_schema (
              id INTEGER PRIMARY KEY CHECK (id = 1),
              version INTEGER NOT NULL
            )
            """)
          let found =
            try connection.query("SELECT version FROM bbfan_schema WHERE id = 1")
            .first?.first?.integer ?? 0
          guard found <= Int64(schemaVersion) else {
            throw PostgresFailure(
              kind: .other, sqlState: "BBFAN",
              message: "newer schema \(found)")
          }
          if found < 1 { try connection.execute(schemaVersion1) }
          if found < 2 { try connection.execute(schemaVersion2) }
          if found < Int64(schemaVersion) {
            try connection.query(
              """
              INSERT INTO bbfan_schema (id, version) VALUES (1, $1)
              ON CONFLICT (id) DO UPDATE SET version = excluded.version
              """, [.integer(Int64(schemaVersion))])
          }
        }
      }
    } catch {
      if error.sqlState == "BBFAN", let found = Int(error.message.split(separator: " ").last ?? "")
      {
        throw .newerSchema(path: location, found: found, known: schemaVersion)
      }
      throw storageError(error, location: location)
    }
  }

  /// Version 2: a favourite and its count are keyed by universe and quote id; every favourite
  /// made before is Breaking Bad's, the only universe with quotes until then.
  static let schemaVersion2 = """
    ALTER TABLE favorites ADD COLUMN universe TEXT NOT NULL DEFAULT 'breaking-bad';
    ALTER TABLE favorites ALTER COLUMN universe DROP DEFAULT;
    ALTER TABLE favorites DROP CONSTRAINT favorites_user_id_quote_id_key;
    ALTER TABLE favorites ADD CONSTRAINT favorites_user_id_universe_quote_id_key
      UNIQUE (user_id, universe, quote_id);
    ALTER TABLE favorite_counts ADD COLUMN universe TEXT NOT NULL DEFAULT 'breaking-bad';
    ALTER TABLE favorite_counts ALTER COLUMN universe DROP DEFAULT;
    ALTER TABLE favorite_counts DROP CONSTRAINT favorite_counts_pkey;
    ALTER TABLE favorite_counts ADD PRIMARY KEY (universe, quote_id);
    DROP INDEX favorite_counts_by_count;
    CREATE INDEX favorite_counts_by_count ON favorite_counts (universe, count DESC, quote_id);
    """

  /// Version 1: every shared table.
  static let schemaVersion1 = """
    CREATE TABLE users (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username TEXT NOT NULL,
      username_key TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      created_at BIGINT NOT NULL
    );
    CREATE TABLE sessions (
      token_hash BYTEA PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at BIGINT NOT NULL
    );
    CREATE TABLE login_failures (
      username_key TEXT PRIMARY KEY,
      failures BIGINT NOT NULL,
      last_failure_at BIGINT NOT NULL
    );
    CREATE TABLE favorites (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      quote_id BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      UNIQUE (user_id, quote_id)
    );
    CREATE TABLE favorite_counts (
      quote_id BIGINT PRIMARY KEY,
      count BIGINT NOT NULL CHECK (count >= 0)
    );
    CREATE INDEX favorite_counts_by_count ON favorite_counts (count DESC, quote_id);
    CREATE TABLE quizzes (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      search_text TEXT NOT NULL,
      online_id TEXT,
      created_at BIGINT NOT NULL,
      UNIQUE (user_id, title_key)
    );
    CREATE INDEX quizzes_newest ON quizzes (user_id, id DESC);
    CREATE TABLE quiz_facts (
      quiz_id BIGINT NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      fact TEXT NOT NULL,
      PRIMARY KEY (quiz_id, position)
    );
    CREATE TABLE quiz_reviews (
      quiz_id BIGINT PRIMARY KEY REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      repetitions BIGINT NOT NULL,
      ease DOUBLE PRECISION NOT NULL,
      interval_days BIGINT NOT NULL,
      due_at BIGINT NOT NULL,
      lapses BIGINT NOT NULL,
      reviews BIGINT NOT NULL,
      last_reviewed_at BIGINT,
      is_leech BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE INDEX quiz_reviews_due ON quiz_reviews (user_id, due_at);
    CREATE TABLE review_log (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      quiz_id BIGINT NOT NULL,
      grade TEXT NOT NULL,
      reviewed_at BIGINT NOT NULL,
      previous_interval_days BIGINT NOT NULL,
      interval_days BIGINT NOT NULL,
      previous_ease DOUBLE PRECISION NOT NULL,
      ease DOUBLE PRECISION NOT NULL,
      due_at BIGINT NOT NULL
    );
    CREATE INDEX review_log_by_user ON review_log (user_id, id);
    CREATE TABLE profiles (
      user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      display_name TEXT,
      photo BYTEA,
      photo_type TEXT,
      photo_sha256 TEXT,
      updated_at BIGINT NOT NULL
    );
    """
}
