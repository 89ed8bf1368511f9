import FanStorage

extension SQLiteStore {
  /// Brings the schema to `target` (`schemaVersion` unless a test makes an older database),
  /// one version at a time, in one write transaction.
  static func migrate(_ connection: SQLiteConnection, to target: Int = schemaVersion)
    throws(StorageError)
  {
    // Read first: an up-to-date database needs no write lock, so opening never waits for a
    // writer in another process.
    guard try checkedVersion(connection) < target else { return }
    try transaction(connection) { () throws(StorageError) in
      let version = try checkedVersion(connection)
      if version < 1, target >= 1 {
        try connection.execute(
          """
          CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at INTEGER NOT NULL
          );
          CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL
          );
          CREATE TABLE remembered (
            slot INTEGER PRIMARY KEY CHECK (slot = 1),
            token_hash BLOB NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE
          );
          CREATE TABLE favorites (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            quote_id INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, quote_id)
          );
          CREATE TABLE favorite_counts (
            quote_id INTEGER PRIMARY KEY,
            count INTEGER NOT NULL CHECK (count >= 0)
          );
          CREATE INDEX favorite_counts_by_count ON favorite_counts (count DESC, quote_id);
          CREATE TABLE login_failures (
            username_key TEXT PRIMARY KEY,
            failures INTEGER NOT NULL,
            last_failure_at INTEGER NOT NULL
          );
          PRAGMA user_version = 1;
          """)
      }
      if version < 2, target >= 2 {
        try connection.execute(
          """
          CREATE TABLE catalog_resources (
            source TEXT NOT NULL,
            resource TEXT NOT NULL,
            url TEXT NOT NULL,
            body BLOB NOT NULL,
            etag TEXT,
            last_modified TEXT,
            PRIMARY KEY (source, resource)
          );
          CREATE TABLE catalog_refreshes (
            source TEXT PRIMARY KEY,
            refreshed_at INTEGER NOT NULL
          );
          CREATE TABLE images (
            key TEXT PRIMARY KEY,
            url TEXT NOT NULL,
            file TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            etag TEXT,
            last_modified TEXT,
            fetched_at INTEGER NOT NULL,
            last_used_at INTEGER NOT NULL
          );
          CREATE INDEX images_by_use ON images (last_used_at, key);
          PRAGMA user_version = 2;
          """)
      }
      if version < 3, target >= 3 {
        // The accounts signed in on this data directory are kept without a reference to
        // `sessions`, which may live in a shared store; the one remembered session of version 2
        // becomes the first, current one.
        try connection.execute(
          """
          CREATE TABLE signed_in (
            id INTEGER PRIMARY KEY,
            token_hash BLOB NOT NULL UNIQUE,
            user_id INTEGER NOT NULL UNIQUE,
            username TEXT NOT NULL,
            signed_in_at INTEGER NOT NULL,
            is_current INTEGER NOT NULL DEFAULT 0
          );
          CREATE UNIQUE INDEX signed_in_current ON signed_in (is_current) WHERE is_current = 1;
          INSERT INTO signed_in (token_hash, user_id, username, signed_in_at, is_current)
            SELECT remembered.token_hash, sessions.user_id, users.username, sessions.created_at, 1
            FROM remembered JOIN sessions ON sessions.token_hash = remembered.token_hash
            JOIN users ON users.id = sessions.user_id;
          DROP TABLE remembered;
          \(SQLiteStore.sharedSchemaVersion3)
          PRAGMA user_version = 3;
          """)
      }
      if version < 4, target >= 4 {
        // What the catalog saved holds, kept with it, so that a refresh that finds every list
        // unchanged answers without making the catalog again (snapshots saved before have none).
        try connection.execute(
          """
          ALTER TABLE catalog_refreshes ADD COLUMN counts TEXT;
          ALTER TABLE catalog_refreshes ADD COLUMN counts_made_by TEXT;
          ALTER TABLE catalog_refreshes ADD COLUMN counts_refreshed_at INTEGER;
          CREATE TABLE catalog_problems (
            source TEXT NOT NULL,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (source, position)
          );
          PRAGMA user_version = 4;
          """)
      }
      if version < 5, target >= 5 {
        // How long each image stays fresh, as its server said (Cache-Control: max-age), so
        // that images.fetch answers a fresh copy without asking the server (NULL: not said).
        try connection.execute(
          "ALTER TABLE images ADD COLUMN max_age INTEGER; PRAGMA user_version = 5;")
      }
      if version < 6, target >= 6 {
        // A favourite and its count are keyed by universe and quote id (two universes' quote 8
        // are two quotes). Every favourite made before is Breaking Bad's, the only universe
        // with quotes until then. SQLite changes no key in place: the tables are made anew.
        try connection.execute(
          """
          CREATE TABLE favorites_by_universe (
            id INTEGER PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            universe TEXT NOT NULL,
            quote_id INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, universe, quote_id)
          );
          INSERT INTO favorites_by_universe (id, user_id, universe, quote_id, created_at)
            SELECT id, user_id, 'breaking-bad', quote_id, created_at FROM favorites;
          DROP TABLE favorites;
          ALTER TABLE favorites_by_universe RENAME TO favorites;
          CREATE TABLE favorite_counts_by_universe (
            universe TEXT NOT NULL,
            quote_id INTEGER NOT NULL,
            count INTEGER NOT NULL CHECK (count >= 0),
            PRIMARY KEY (universe, quote_id)
          );
          INSERT INTO favorite_counts_by_universe (universe, quote_id, count)
            SELECT 'breaking-bad', quote_id, count FROM favorite_counts;
          DROP TABLE favorite_counts;
          ALTER TABLE favorite_counts_by_universe RENAME TO favorite_counts;
          CREATE INDEX favorite_counts_by_count ON favorite_counts (universe, count DESC, quote_id);
          PRAGMA user_version = 6;
          """)
      }
      if version < 7, target >= 7 {
        // The digest of each snapshot's bodies, saved with them by the refresh that computed
        // it, so that a process names the catalog (and opens its image) without reading them;
        // it counts only for the refresh time it was saved with (a bbfan of schema 6 still
        // running saves bodies and a time but no digest).
        try connection.execute(
          """
          ALTER TABLE catalog_refreshes ADD COLUMN digest TEXT;
          ALTER TABLE catalog_refreshes ADD COLUMN digest_refreshed_at INTEGER;
          PRAGMA user_version = 7;
          """)
      }
    }
  }

  /// The database's schema version; `newerSchema` when it is newer than this bbfan knows.
  static func checkedVersion(_ connection: SQLiteConnection) throws(StorageError) -> Int64 {
    let version = try connection.query("PRAGMA user_version").first?.first?.integer ?? 0
    guard version <= SQLiteStore.schemaVersion else {
      throw .newerSchema(
        path: connection.path, found: Int(version), known: SQLiteStore.schemaVersion)
    }
    return version
  }

  /// The tables of version 3 that hold shared state.
  ///
  /// Quizzes, their facts, their review state and log, and profiles. Every quiz belongs to one user; a title key is unique per user.
  static let sharedSchemaVersion3 = """
    CREATE TABLE quizzes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      title_key TEXT NOT NULL,
      search_text TEXT NOT NULL,
      online_id TEXT,
      created_at INTEGER NOT NULL,
      UNIQUE (user_id, title_key)
    );
    CREATE INDEX quizzes_newest ON quizzes (user_id, id DESC);
    CREATE TABLE quiz_facts (
      quiz_id INTEGER NOT NULL REFERENCES quizzes(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      fact TEXT NOT NULL,
      PRIMARY KEY (quiz_id, position)
    );
    CREATE TABLE quiz_reviews (
      quiz_id INTEGER PRIMARY KEY REFERENCES quizzes(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      repetitions INTEGER NOT NULL,
      ease REAL NOT NULL,
      interval_days INTEGER NOT NULL,
      due_at INTEGER NOT NULL,
      lapses INTEGER NOT NULL,
      reviews INTEGER NOT NULL,
      last_reviewed_at INTEGER,
      is_leech INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX quiz_reviews_due ON quiz_reviews (user_id, due_at);
    CREATE TABLE review_log (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      quiz_id INTEGER NOT NULL,
      grade TEXT NOT NULL,
      reviewed_at INTEGER NOT NULL,
      previous_interval_days INTEGER NOT NULL,
      interval_days INTEGER NOT NULL,
      previous_ease REAL NOT NULL,
      ease REAL NOT NULL,
      due_at INTEGER NOT NULL
    );
    CREATE INDEX review_log_by_user ON review_log (user_id, reviewed_at);
    CREATE TABLE profiles (
      user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      display_name TEXT,
      photo BLOB,
      photo_type TEXT,
      photo_sha256 TEXT,
      updated_at INTEGER NOT NULL
    );
    """
}
