/// A series of a universe (`breaking-bad`, `better-call-saul`), named as the wire names it.
///
/// Each universe declares its series (in `FanCore/Universes/<Name>/`); the order they are
/// listed in is the universe's, not the alphabet's.
public struct Series: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The wire name.
  public let rawValue: String

  /// The series with this wire name.
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
