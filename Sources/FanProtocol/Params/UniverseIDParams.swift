/// `{id, universe?}`: the params of the catalog methods that fetch one record.
public struct UniverseIDParams: Codable, Sendable, Equatable {
  /// The record's id.
  public var id: Int
  /// The universe whose ids `id` is among; the default one when absent.
  public var universe: UniverseID?

  /// A value with these members.
  public init(id: Int, universe: UniverseID? = nil) {
    self.id = id
    self.universe = universe
  }

  /// Decodes; an unknown universe is an error naming those that exist.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
  }
}
