import FanCore

/// `{id, universe?}`: the params of the catalog methods that fetch one record.
package struct UniverseIDParams: Codable, Sendable, Equatable {
  /// The record's id.
  package var id: Int
  /// The universe whose ids `id` is among; the default one when absent.
  package var universe: UniverseID?

  /// Decodes; an unknown universe is an error naming those that exist.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
  }
}
