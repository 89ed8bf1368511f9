import Foundation

/// The params of `profile.update`: a member kept is left out, a member removed is null.
private struct ProfileUpdateParams: Encodable, Sendable {
  var displayName: ProfileChange<String>
  var photo: ProfileChange<PhotoSource>
  var token: String?

  private enum CodingKeys: String, CodingKey { case displayName, photo, token }
  private enum PhotoKeys: String, CodingKey { case data, path }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch displayName {
    case .keep: break
    case .set(let name): try container.encode(name, forKey: .displayName)
    case .remove: try container.encodeNil(forKey: .displayName)
    }
    switch photo {
    case .keep: break
    case .set(.data(let bytes)):
      var source = container.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo)
      try source.encode(bytes.base64EncodedString(), forKey: .data)
    case .set(.path(let path)):
      var source = container.nestedContainer(keyedBy: PhotoKeys.self, forKey: .photo)
      try source.encode(path, forKey: .path)
    case .remove: try container.encodeNil(forKey: .photo)
    }
    try container.encodeIfPresent(token, forKey: .token)
  }
}

private struct TokenParams: Encodable, Sendable {
  var token: String?
}

extension BBFanClient {
  /// `profile.get`: the signed-in user's display name and photo.
  public func profile(token: String? = nil) async throws -> Profile {
    try await call("profile.get", TokenParams(token: token))
  }

  /// `profile.update`: changes the display name, the photo, or both; `.keep` leaves a member as
  /// it is, `.remove` removes it.
  ///
  /// The photo must be a PNG or JPEG image by its bytes (otherwise -32602 with reason
  /// `not-an-image`) of at most 8 MiB (`photo-too-large`).
  public func updateProfile(
    displayName: ProfileChange<String> = .keep, photo: ProfileChange<PhotoSource> = .keep,
    token: String? = nil
  ) async throws -> Profile {
    try await call(
      "profile.update",
      ProfileUpdateParams(displayName: displayName, photo: photo, token: token))
  }
}
