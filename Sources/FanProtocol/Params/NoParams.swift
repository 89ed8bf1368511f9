/// The params of a method that takes none: `{}` (or no `params` member).
public struct NoParams: Codable, Sendable, Equatable {
  /// A member name, for reading an object whose members are not known ahead.
  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The empty params.
  public init() {}

  /// Accepts only an object, so that params of another shape are reported rather than ignored.
  public init(from decoder: any Decoder) throws {
    _ = try decoder.container(keyedBy: AnyKey.self)
  }

  /// Encodes as `{}`.
  public func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: AnyKey.self)
  }
}
