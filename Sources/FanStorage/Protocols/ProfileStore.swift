/// Each user's profile: a display name and a photo, kept with the account.
package protocol ProfileStore: Sendable {
  /// The user's profile, or nil when it was never set.
  func profile(userID: Int64) async throws(StorageError) -> StoredProfile?
  /// The user's photo and its bytes, or nil.
  func photo(userID: Int64) async throws(StorageError) -> (photo: StoredPhoto, bytes: [UInt8])?
  /// Changes the profile in one transaction (a replaced photo is gone with it); returns it.
  func updateProfile(
    userID: Int64, displayName: ProfileChange<String>, photo: ProfileChange<NewPhoto>
  ) async throws(StorageError) -> StoredProfile
}
