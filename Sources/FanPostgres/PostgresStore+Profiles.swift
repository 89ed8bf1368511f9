import FanStorage

extension PostgresStore: ProfileStore {
  /// The user's profile, or nil when it was never set (`ProfileRecords`).
  package func profile(userID: Int64) throws(StorageError) -> StoredProfile? {
    try read { writer throws(PostgresFailure) in
      try ProfileRecords.profile(writer, userID: userID)
    }
  }

  /// The user's photo and its bytes, or nil.
  package func photo(userID: Int64) throws(StorageError) -> (photo: StoredPhoto, bytes: [UInt8])? {
    try read { writer throws(PostgresFailure) in
      try ProfileRecords.photo(writer, userID: userID)
    }
  }

  /// Changes the profile in one transaction (`ProfileRecords`); returns it.
  package func updateProfile(
    userID: Int64, displayName: ProfileChange<String>, photo: ProfileChange<NewPhoto>
  ) throws(StorageError) -> StoredProfile {
    let now = clock()
    return try write { () throws(PostgresFailure) in
      try ProfileRecords.update(
        PostgresWriter(connection: connection), userID: userID, displayName: displayName,
        photo: photo, now: now)
    }
  }
}
