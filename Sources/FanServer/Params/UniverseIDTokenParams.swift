import FanCore

/// `{id, universe?, token?}`: fetch one record, with the signed-in user's `isFavorite` on its
/// quotes.
package struct UniverseIDTokenParams: Codable, Sendable, Equatable {
  /// The record's id.
  package var id: Int
  /// The universe whose ids `id` is among; the default one when absent.
  package var universe: UniverseID?
  /// Acts for this session's user instead of the current one.
  package var token: String?

  /// Decodes; an unknown universe is an error naming those that exist.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
    token = try container.decodeIfPresent(String.self, forKey: .token)
  }
}
