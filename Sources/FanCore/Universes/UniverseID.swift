/// The name of a universe on the wire (`breaking-bad`): one source API's world with its own ids.
package struct UniverseID: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The wire name.
  package let rawValue: String

  /// The universe with this wire name.
  package init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Decodes the wire name.
  package init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the wire name.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The wire name.
  package var description: String { rawValue }
}
