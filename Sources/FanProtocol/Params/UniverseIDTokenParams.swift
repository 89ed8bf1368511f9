/// `{id, universe?, token?}`: fetch one record, with the signed-in user's `isFavorite` on its
/// quotes.
public struct UniverseIDTokenParams: Codable, Sendable, Equatable {
  /// The record's id.
  public var id: Int
  /// The universe whose ids `id` is among; the default one when absent.
  public var universe: UniverseID?
  /// Acts for this session's user instead of the current one.
  public var token: String?

  /// A value with these members.
  public init(id: Int, universe: UniverseID? = nil, token: String? = nil) {
    self.id = id
    self.universe = universe
    self.token = token
  }

  /// Decodes; an unknown universe is an error naming those that exist.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
    token = try container.decodeIfPresent(String.self, forKey: .token)
  }
}
