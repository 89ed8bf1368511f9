/// The one algorithm that reads and changes a user's profile, over either engine.
///
/// A profile is one row of `profiles`, made by the first change; its photo's bytes are kept in
/// the row, and its size is read without them.
package enum ProfileRecords {
  /// The user's profile, or nil when it was never set.
  package static func profile<Writer: SQLWriter>(_ writer: Writer, userID: Int64)
    throws(Writer.Failure) -> StoredProfile?
  {
    guard
      let row = try writer.query(
        """
        SELECT display_name, photo_type, \(writer.dialect.byteLength)(photo), photo_sha256,
        updated_at FROM profiles WHERE user_id = ?
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
  package static func photo<Writer: SQLWriter>(_ writer: Writer, userID: Int64)
    throws(Writer.Failure) -> (photo: StoredPhoto, bytes: [UInt8])?
  {
    guard
      let row = try writer.query(
        "SELECT photo_type, photo, photo_sha256 FROM profiles WHERE user_id = ?",
        [.integer(userID)]
      ).first, let type = row[0].text, let bytes = row[1].bytes, let sha = row[2].text
    else { return nil }
    return (StoredPhoto(mediaType: type, bytes: bytes.count, sha256: sha), bytes)
  }

  /// Changes the profile, in the write transaction `writer` runs in, at `now`; returns it.
  package static func update<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, displayName: ProfileChange<String>,
    photo: ProfileChange<NewPhoto>, now: Int64
  ) throws(Writer.Failure) -> StoredProfile {
    let user = SQLParameter.integer(userID)
    _ = try writer.query(
      """
      INSERT INTO profiles (user_id, updated_at) VALUES (?, ?)
      ON CONFLICT (user_id) DO UPDATE SET updated_at = excluded.updated_at
      """, [user, .integer(now)])
    switch displayName {
    case .keep: break
    case .set(let name):
      _ = try writer.query(
        "UPDATE profiles SET display_name = ? WHERE user_id = ?", [.text(name), user])
    case .remove:
      _ = try writer.query("UPDATE profiles SET display_name = NULL WHERE user_id = ?", [user])
    }
    switch photo {
    case .keep: break
    case .set(let new):
      _ = try writer.query(
        "UPDATE profiles SET photo = ?, photo_type = ?, photo_sha256 = ? WHERE user_id = ?",
        [.bytes(new.bytes), .text(new.mediaType), .text(new.sha256), user])
    case .remove:
      _ = try writer.query(
        """
        UPDATE profiles SET photo = NULL, photo_type = NULL, photo_sha256 = NULL
        WHERE user_id = ?
        """, [user])
    }
    return try profile(writer, userID: userID)
      ?? StoredProfile(displayName: nil, photo: nil, updatedAt: now)
  }
}
