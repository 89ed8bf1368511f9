/// Whether a character is alive at the end of the story, as the source says: `alive`,
/// `deceased`, `presumed-dead` or `unknown`.
///
/// Open: a status this build does not know (from a newer server) decodes as its wire name.
public struct CharacterStatus: RawRepresentable, Sendable, Hashable, Codable,
  CustomStringConvertible
{
  /// The wire name.
  public let rawValue: String

  /// The status with this wire name, known or not.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Alive.
  public static let alive = CharacterStatus(rawValue: "alive")
  /// Dead.
  public static let deceased = CharacterStatus(rawValue: "deceased")
  /// Believed dead (Walter White).
  public static let presumedDead = CharacterStatus(rawValue: "presumed-dead")
  /// Not known (Donald Margolis).
  public static let unknown = CharacterStatus(rawValue: "unknown")

  /// The statuses this build knows, in the order messages list them.
  public static let known: [CharacterStatus] = [.alive, .deceased, .presumedDead, .unknown]

  /// Whether this build knows the status.
  public var isKnown: Bool { Self.known.contains(self) }

  /// Whether the character counts as dead for filtering: deceased or presumed dead.
  public var countsAsDeceased: Bool { self == .deceased || self == .presumedDead }

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
