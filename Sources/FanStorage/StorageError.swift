/// Why the store could not do what was asked.
package enum StorageError: Error, Sendable, Equatable {
  /// A folder or file in the data directory could not be created, opened or written.
  case cannotOpen(path: String, reason: String)
  /// SQLite reported an error.
  case sqlite(code: Int32, message: String, statement: String)
  /// The database was written by a newer bbfan (its schema version is higher than this one knows).
  case newerSchema(found: Int, known: Int)
  /// The username is taken (compared case-insensitively).
  case usernameTaken
}
