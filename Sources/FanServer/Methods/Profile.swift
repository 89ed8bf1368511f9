import FanCore
import FanStorage
import FoundationEssentials
import JSONRPC

/// `profile.get`: the signed-in user's profile: display name and photo.
package enum ProfileGet: RPCMethod {
  /// The wire name.
  package static let name = "profile.get"
  /// Reads the user's own state, in order with their writes.
  package static let scheduling = Scheduling.userState

  /// `{token?}`.
  package typealias Params = TokenParams

  /// The profile.
  package typealias Result = ProfileRecord
}

/// `profile.update`: changes the display name, the photo, or both.
package enum ProfileUpdate: RPCMethod {
  /// The wire name.
  package static let name = "profile.update"
  /// Writes the user's own state.
  package static let scheduling = Scheduling.userState

  /// `{displayName?, photo?, token?}`: a member left out is kept, null removes it.
  package struct Params: Codable, Sendable, Equatable {
    /// The new display name; `.remove` for null.
    package var displayName: ProfileField<String>
    /// The new photo; `.remove` for null.
    package var photo: ProfileField<PhotoSource>
    /// A session token; the current user when left out.
    package var token: String?

    private enum CodingKeys: String, CodingKey {
      case displayName, photo, token
    }

    /// Decodes, telling a member left out from one that is null.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      displayName = try ProfileField(container, .displayName)
      photo = try ProfileField(container, .photo)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }

    /// Encodes, leaving out what is kept.
    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try displayName.encode(into: &container, .displayName)
      try photo.encode(into: &container, .photo)
      try container.encodeIfPresent(token, forKey: .token)
    }
  }

  /// The profile as it now is.
  package typealias Result = ProfileRecord
}

/// A photo as `profile.update` takes it: its bytes in base64, or a path on this machine.
package enum PhotoSource: Codable, Sendable, Equatable {
  /// `{"data": BASE64}`.
  case data(String)
  /// `{"path": "/local/file"}`.
  case path(String)

  private enum CodingKeys: String, CodingKey {
    case data, path
  }

  /// Decodes `{"data": …}` or `{"path": …}`, exactly one of them.
  package init(from decoder: any Decoder) throws {
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
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .data(let data): try container.encode(data, forKey: .data)
    case .path(let path): try container.encode(path, forKey: .path)
    }
  }
}

/// A member of an update: left out (kept), null (removed) or a value (set).
package enum ProfileField<Value: Codable & Sendable & Equatable>: Sendable, Equatable {
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
package struct ProfileRecord: Codable, Sendable, Equatable {
  /// The profile's user.
  package var user: UserRecord
  /// The display name, or null.
  @EncodedAsNull package var displayName: String?
  /// The photo's file and what it is, or null.
  @EncodedAsNull package var photo: PhotoRecord?
}

/// A profile photo on the wire: the same shape as an export.
package struct PhotoRecord: Codable, Sendable, Equatable {
  /// The file's absolute path, in DATA_DIR/photos/.
  package var path: String
  /// `image/png` or `image/jpeg`.
  package var mediaType: String
  /// The size in bytes.
  package var bytes: Int
  /// The SHA-256 of the file, 64 hex digits.
  package var sha256: String
}

extension FanService {
  /// Registers the `profile.*` methods.
  func registerProfileMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let profiles = ProfileService(storage: storage)
    router.register(ProfileGet.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return try await profiles.record(of: session.user)
    }
    router.register(ProfileUpdate.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return try await profiles.update(
        session.user, displayName: params.displayName, photo: params.photo)
    }
  }
}
