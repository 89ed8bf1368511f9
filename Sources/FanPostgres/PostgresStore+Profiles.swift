import FanStorage

extension PostgresStore: ProfileStore {
  /// The user's profile, or nil when it was never set.
  package func profile(userID: Int64) throws(StorageError) -> StoredProfile? {
    guard
      let row = try read(
        """
        SELECT display_name, photo_type, octet_length(photo), photo_sha256, updated_at
        FROM profiles WHERE user_id = $1
        """, [.integer(userID)]
      ).first
    else { return nil }
    var photo: StoredPhoto?
    if let type = row[1].text, let bytes = row[2].integer, let sha = row[3].text {
      photo = StoredPhoto(mediaType: type, bytes: Int(bytes), sha256: sha)
    }
    return StoredProfile(displayName: row[0].text, photo: photo, updatedAt: row[4].integer ?? 0)
  }

  /// The user's photo and its bytes, or nil.
  package func photo(userID: Int64) throws(StorageError) -> (photo: StoredPhoto, bytes: [UInt8])? {
    guard
      let row = try read(
        "SELECT photo_type, photo, photo_sha256 FROM profiles WHERE user_id = $1",
        [.integer(userID)]
      ).first, let type = row[0].text, let bytes = row[1].bytea, let sha = row[2].text
    else { return nil }
    return (StoredPhoto(mediaType: type, bytes: bytes.count, sha256: sha), bytes)
  }

  /// Changes the profile in one transaction; returns it.
  package func updateProfile(
    userID: Int64, displayName: ProfileChange<String>, photo: ProfileChange<NewPhoto>
  ) throws(StorageError) -> StoredProfile {
    let now = clock()
    try write { () throws(PostgresFailure) in
      try connection.query(
        """
        INSERT INTO profiles (user_id, updated_at) VALUES ($1, $2)
        ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at
        """, [.integer(userID), .integer(now)])
      switch displayName {
      case .keep: break
      case .set(let name):
        try connection.query(
          "UPDATE profiles SET display_name = $1 WHERE user_id = $2",
          [.text(name), .integer(userID)])
      case .remove:
        try connection.query(
          "UPDATE profiles SET display_name = NULL WHERE user_id = $1", [.integer(userID)])
      }
      switch photo {
      case .keep: break
      case .set(let new):
        try connection.query(
          "UPDATE profiles SET photo = $1, photo_type = $2, photo_sha256 = $3 WHERE user_id = $4",
          [.bytea(new.bytes), .text(new.mediaType), .text(new.sha256), .integer(userID)])
      case .remove:
        try connection.query(
          """
          UPDATE profiles SET photo = NULL, photo_type = NULL, photo_sha256 = NULL
          WHERE user_id = $1
          """, [.integer(userID)])
      }
    }
    return try profile(userID: userID)
      ?? StoredProfile(displayName: nil, photo: nil, updatedAt: now)
  }
}
