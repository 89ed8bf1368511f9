import FanStorage

extension SQLiteStore: ProfileStore {
  /// The user's profile, or nil when it was never set (`ProfileRecords`).
  package func profile(userID: Int64) throws(StorageError) -> StoredProfile? {
    try ProfileRecords.profile(SQLiteWriter(connection: connection), userID: userID)
  }

  /// The user's photo and its bytes, or nil.
  package func photo(userID: Int64) throws(StorageError) -> (photo: StoredPhoto, bytes: [UInt8])? {
    try ProfileRecords.photo(SQLiteWriter(connection: connection), userID: userID)
  }

  /// Changes the profile in one transaction (`ProfileRecords`); returns it.
  ///
  /// A replaced or removed photo is then scrubbed from the files.
  package func updateProfile(
    userID: Int64, displayName: ProfileChange<String>, photo: ProfileChange<NewPhoto>
  ) async throws(StorageError) -> StoredProfile {
    let now = clock()
    let changed = try await transaction { connection throws(StorageError) -> StoredProfile in
      try ProfileRecords.update(
        SQLiteWriter(connection: connection), userID: userID, displayName: displayName,
        photo: photo, now: now)
    }
    // A replaced or removed photo leaves no copy of its bytes in the files.
    if case .keep = photo {} else { try scrubLog() }
    return changed
  }
}
