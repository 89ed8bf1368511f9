/// Why the store could not do what was asked.
///
/// It speaks of the store, never of the database engine behind it: every case but
/// `internalFailure` and the conflicts (`usernameTaken`, `duplicateQuiz`) is a condition of the
/// store (its file, its disk, its permissions, its server, another process), never a fault of
/// bbfan. Each names the path (or the redacted address) it concerns, and `detail` says what the
/// system or the database reported, for the log.
package enum StorageError: Error, Sendable, Equatable {
  /// A folder or file in the data directory could not be created or opened (it is not a folder,
  /// it is missing a parent, …).
  case cannotOpen(path: String, detail: String)
  /// The database is damaged or is not a database at all (truncated, overwritten, another
  /// program's file). bbfan never writes to it.
  case corrupt(path: String, detail: String)
  /// The user running bbfan may not write the database or its folder.
  case readOnly(path: String, detail: String)
  /// The disk (or the user's quota, or the file size limit) is full.
  case diskFull(path: String, detail: String)
  /// Another process held the database's write lock for longer than the busy timeout.
  case busy(path: String, timeoutMilliseconds: Int)
  /// The disk reported an error reading or writing the file.
  case ioError(path: String, detail: String)
  /// The database was written by a newer bbfan (its schema version is higher than this one
  /// knows).
  case newerSchema(path: String, found: Int, known: Int)
  /// The library the data directory's database engine needs (libsqlite3) is not installed, or
  /// the file named in its place is not that library, so the database at `path` was not
  /// opened; `detail` says which library, how to install it, and why each file tried failed.
  case missingLibrary(path: String, detail: String)
  /// The database refused a statement for a reason that is bbfan's own fault (a bug); `detail`
  /// is what it said.
  case internalFailure(detail: String, statement: String)
  /// The store's server could not be reached, or the connection was lost before the request's
  /// transaction committed: nothing of the request was saved.
  case unavailable(location: String, detail: String)
  /// The username is taken (compared case-insensitively).
  case usernameTaken
  /// The user's collection already holds a quiz with this title key (`existingID`).
  case duplicateQuiz(existingID: Int64)
}
