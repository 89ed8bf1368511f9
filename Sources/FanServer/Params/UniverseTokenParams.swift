import FanCore

/// `{universe?, token?}`: a universe's records for the request's user.
package struct UniverseTokenParams: Codable, Sendable, Equatable {
  /// The universe meant; the default one when absent.
  package var universe: UniverseID?
  /// Acts for this session's user instead of the current one.
  package var token: String?

  /// Decodes; an unknown universe is an error naming those that exist.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
    token = try container.decodeIfPresent(String.self, forKey: .token)
  }
}
