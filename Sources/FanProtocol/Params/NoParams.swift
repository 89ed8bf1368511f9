import JSON

/// The params of a method that takes none: `{}` (or no `params` member).
public struct NoParams: Codable, Sendable, Equatable {
  /// The empty params.
  public init() {}

  /// Accepts only an object, so that params of another shape are reported rather than ignored.
  public init(from decoder: any Decoder) throws {
    _ = try decoder.container(keyedBy: AnyCodingKey.self)
  }

  /// Encodes as `{}`.
  public func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: AnyCodingKey.self)
  }
}
