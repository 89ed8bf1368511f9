import FanStorage

extension SQLiteStore: ProfileStore {
  /// The user's profile, or nil when it was never set.
  package func profile(userID: Int64) throws(StorageError) -> StoredProfile? {
    guard
      let row = try connection.query(
        """
        SELECT display_name, photo_type, length(photo), photo_sha256, updated_at FROM profiles
        WHERE user_id = ?
        """, [.integer(userID)]
      ).first
    else { return nil }
    var photo: StoredPhoto?
    if let type = row[1].text, let bytes = row[2].integer, let sha = row[3].text {
      photo = StoredPhoto(mediaType: type, bytes: Int(bytes), sha256: sha)
    }
    return StoredProfile(
      displayName: row[0].text, photo: photo, updatedAt: row[4].integer ?? 0)
  }

  /// The user's photo and its bytes, or nil.
  package func photo(userID: Int64) throws(StorageError) -> (photo: StoredPhoto, bytes: [UInt8])? {
    guard
      let row = try connection.query(
        "SELECT photo_type, photo, photo_sha256 FROM profiles WHERE user_id = ?",
        [.integer(userID)]
      ).first,
      let type = row[0].text, let bytes = row[1].blob, let sha = row[2].text
    else { return nil }
    return (StoredPhoto(mediaType: type, bytes: bytes.count, sha256: sha), bytes)
  }

  /// Changes the profile in one transaction; returns it.
  package func updateProfile(
    userID: Int64, displayName: ProfileChange<String>, photo: ProfileChange<NewPhoto>
  ) throws(StorageError) -> StoredProfile {
    let now = clock()
    let changed = try transaction { () throws(StorageError) -> StoredProfile in
      try connection.query(
        "INSERT INTO profiles (user_id, updated_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
        [.integer(userID), .integer(now)])
      switch displayName {
      case .keep: break
      case .set(let name):
        try connection.query(
          "UPDATE profiles SET display_name = ? WHERE user_id = ?",
          [.text(name), .integer(userID)])
      case .remove:
        try connection.query(
          "UPDATE profiles SET display_name = NULL WHERE user_id = ?", [.integer(userID)])
      }
      switch photo {
      case .keep: break
      case .set(let new):
        try connection.query(
          "UPDATE profiles SET photo = ?, photo_type = ?, photo_sha256 = ? WHERE user_id = ?",
          [.blob(new.bytes), .text(new.mediaType), .text(new.sha256), .integer(userID)])
      case .remove:
        try connection.query(
          """
          UPDATE profiles SET photo = NULL, photo_type = NULL, photo_sha256 = NULL
          WHERE user_id = ?
          """, [.integer(userID)])
      }
      try connection.query(
        "UPDATE profiles SET updated_at = ? WHERE user_id = ?", [.integer(now), .integer(userID)])
      return try profile(userID: userID)
        ?? StoredProfile(
          displayName: nil, photo: nil, updatedAt: now)
    }
    // A replaced or removed photo leaves no copy of its bytes in the files.
    if case .keep = photo {} else { try scrubLog() }
    return changed
  }
}
