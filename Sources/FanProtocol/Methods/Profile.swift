/// `profile.get`: the signed-in user's profile: display name and photo.
public enum ProfileGet: WireMethod {
  /// The wire name.
  public static let name = "profile.get"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{token?}`.
  public typealias Params = TokenParams

  /// The profile.
  public typealias Result = ProfileRecord
}

/// `profile.update`: changes the display name, the photo, or both.
public enum ProfileUpdate: WireMethod {
  /// The wire name.
  public static let name = "profile.update"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.unauthorized), .invalidParams(reason: "not-an-image"), .invalidParams,
  ]

  /// `{displayName?, photo?, token?}`: a member left out is kept, null removes it.
  public struct Params: Codable, Sendable, Equatable {
    /// The new display name; `.remove` for null.
    public var displayName: ProfileField<String>
    /// The new photo; `.remove` for null.
    public var photo: ProfileField<PhotoSource>
    /// A session token; the current user when left out.
    public var token: String?

    /// A value with these members.
    public init(
      displayName: ProfileField<String>, photo: ProfileField<PhotoSource>, token: String? = nil
    ) {
      self.displayName = displayName
      self.photo = photo
      self.token = token
    }

    private enum CodingKeys: String, CodingKey {
      case displayName, photo, token
    }

    /// Decodes, telling a member left out from one that is null.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      displayName = try ProfileField(container, .displayName)
      photo = try ProfileField(container, .photo)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }

    /// Encodes, leaving out what is kept.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try displayName.encode(into: &container, .displayName)
      try photo.encode(into: &container, .photo)
      try container.encodeIfPresent(token, forKey: .token)
    }
  }

  /// The profile as it now is.
  public typealias Result = ProfileRecord
}
