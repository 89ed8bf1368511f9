/// `{universe?, token?}`: a universe's records for the request's user.
public struct UniverseTokenParams: Codable, Sendable, Equatable {
  /// The universe meant; the default one when absent.
  public var universe: UniverseID?
  /// Acts for this session's user instead of the current one.
  public var token: String?

  /// A value with these members.
  public init(universe: UniverseID? = nil, token: String? = nil) {
    self.universe = universe
    self.token = token
  }

  /// Decodes; an unknown universe is an error naming those that exist.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
    token = try container.decodeIfPresent(String.self, forKey: .token)
  }
}
