import FanCore
import FanProtocol
import FanStorage
import FoundationEssentials
import POSIXSupport

/// Profiles over the store: checks a change, saves it, and keeps the photo's file beside.
struct ProfileService: Sendable {
  let storage: Storage

  /// The profile of `user`, its photo written to its file if it is not there.
  func record(of user: StoredUser) async throws -> ProfileRecord {
    let store = try storage.profiles()
    guard let profile = try await store.profile(userID: user.id) else {
      return ProfileRecord(user: UserRecord(user), displayName: nil, photo: nil)
    }
    var photo: PhotoRecord?
    if let stored = try await store.photo(userID: user.id) {
      let path = try PhotoFiles.materialize(
        stored.photo, bytes: stored.bytes, userID: user.id, dataDirectory: storage.dataDirectory)
      photo = PhotoRecord(
        path: path, mediaType: stored.photo.mediaType, bytes: stored.photo.bytes,
        sha256: stored.photo.sha256)
    } else {
      PhotoFiles.removeAll(userID: user.id, dataDirectory: storage.dataDirectory)
    }
    return ProfileRecord(user: UserRecord(user), displayName: profile.displayName, photo: photo)
  }

  /// Checks and saves a change of `user`'s profile; answers the profile as it now is.
  func update(
    _ user: StoredUser, displayName: ProfileField<String>, photo: ProfileField<PhotoSource>
  ) async throws -> ProfileRecord {
    let name: ProfileChange<String>
    switch displayName {
    case .keep: name = .keep
    case .remove: name = .remove
    case .set(let text): name = .set(try ProfilePolicy.displayName(text))
    }
    let change: ProfileChange<NewPhoto>
    switch photo {
    case .keep: change = .keep
    case .remove: change = .remove
    case .set(let source):
      let bytes = try Self.bytes(of: source)
      let mediaType = try ProfilePolicy.mediaType(ofPhoto: bytes)
      change = .set(
        NewPhoto(bytes: bytes, mediaType: mediaType, sha256: Hex.encode(SHA256.hash(bytes))))
    }
    _ = try await storage.profiles().updateProfile(
      userID: user.id, displayName: name, photo: change)
    return try await record(of: user)
  }

  /// The photo's bytes: decoded from base64, or read from the file (a file over the limit is
  /// refused by its size, without being read).
  static func bytes(of source: PhotoSource) throws(ProfileError) -> [UInt8] {
    switch source {
    case .data(let text):
      guard text.utf8.count <= (ProfilePolicy.maximumPhotoBytes + 2) / 3 * 4 + 4 else {
        throw .photoTooLarge(bytes: text.utf8.count / 4 * 3)
      }
      guard let data = Data(base64Encoded: text) else { throw .badPhotoData }
      return Array(data)
    case .path(let path):
      return try readFile(path)
    }
  }

  private static func readFile(_ path: String) throws(ProfileError) -> [UInt8] {
    switch POSIXIO.readFile(path, atMost: ProfilePolicy.maximumPhotoBytes) {
    case .success(let bytes): return bytes
    case .failure(.tooLarge(let bytes)): throw .photoTooLarge(bytes: bytes)
    case .failure(let failure): throw .unreadablePhoto(path: path, reason: failure.reason)
    }
  }
}
