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
