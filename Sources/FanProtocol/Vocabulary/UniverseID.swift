/// The name of a universe on the wire (`breaking-bad`): one source API's world with its own ids.
public struct UniverseID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The wire name.
  public let rawValue: String

  /// The universe with this wire name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Decodes the wire name.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the wire name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The wire name.
  public var description: String { rawValue }
}
