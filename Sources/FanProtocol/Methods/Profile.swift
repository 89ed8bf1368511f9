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

/// A photo as `profile.update` takes it: its bytes in base64, or a path on this machine.
public enum PhotoSource: Codable, Sendable, Equatable {
  /// `{"data": BASE64}`.
  case data(String)
  /// `{"path": "/local/file"}`.
  case path(String)

  private enum CodingKeys: String, CodingKey {
    case data, path
  }

  /// Decodes `{"data": …}` or `{"path": …}`, exactly one of them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let data = try container.decodeIfPresent(String.self, forKey: .data)
    let path = try container.decodeIfPresent(String.self, forKey: .path)
    switch (data, path) {
    case (let data?, nil): self = .data(data)
    case (nil, let path?): self = .path(path)
    default:
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath,
          debugDescription: "must be {\"data\": BASE64} or {\"path\": \"/local/file\"}"))
    }
  }

  /// Encodes as `{"data": …}` or `{"path": …}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .data(let data): try container.encode(data, forKey: .data)
    case .path(let path): try container.encode(path, forKey: .path)
    }
  }
}

/// A member of an update: left out (kept), null (removed) or a value (set).
public enum ProfileField<Value: Codable & Sendable & Equatable>: Sendable, Equatable {
  /// Left out.
  case keep
  /// Null.
  case remove
  /// A value.
  case set(Value)

  /// The member `key` of `container`.
  init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws {
    if !container.contains(key) {
      self = .keep
    } else if try container.decodeNil(forKey: key) {
      self = .remove
    } else {
      self = .set(try container.decode(Value.self, forKey: key))
    }
  }

  /// Writes the member `key` unless it is kept.
  func encode<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, _ key: Key)
    throws
  {
    switch self {
    case .keep: break
    case .remove: try container.encodeNil(forKey: key)
    case .set(let value): try container.encode(value, forKey: key)
    }
  }
}

/// A profile on the wire.
public struct ProfileRecord: Codable, Sendable, Equatable {
  /// The profile's user.
  public var user: UserRecord
  /// The display name, or null.
  @EncodedAsNull public var displayName: String?
  /// The photo's file and what it is, or null.
  @EncodedAsNull public var photo: PhotoRecord?

  /// A value with these members.
  public init(user: UserRecord, displayName: String? = nil, photo: PhotoRecord? = nil) {
    self.user = user
    self.displayName = displayName
    self.photo = photo
  }
}

/// A profile photo on the wire: the same shape as an export.
public struct PhotoRecord: Codable, Sendable, Equatable {
  /// The file's absolute path, in DATA_DIR/photos/.
  public var path: String
  /// `image/png` or `image/jpeg`.
  public var mediaType: String
  /// The size in bytes.
  public var bytes: Int
  /// The SHA-256 of the file, 64 hex digits.
  public var sha256: String

  /// A value with these members.
  public init(path: String, mediaType: String, bytes: Int, sha256: String) {
    self.path = path
    self.mediaType = mediaType
    self.bytes = bytes
    self.sha256 = sha256
  }
}
