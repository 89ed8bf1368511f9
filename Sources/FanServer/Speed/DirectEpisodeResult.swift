import FanCore
import FanProtocol
import JSON

/// `episodes.get`'s result built straight as a JSON value, members in the order its `Codable`
/// encoding writes them, without the generic encoder: the speed seam of a one-shot
/// `episodes.get`, whose first (and only) encoding through `Codable` was a tenth of the process
/// (the encoder's containers, and the runtime's first look-ups of their generic types).
///
/// Only an episode without extra fields is built here (what the wire's extra fields would do
/// to the members' order is the encoder's business); `value` is nil for the others and the
/// caller encodes as before. `EncodedRecordsTests` compares every episode of both universes with
/// the plain encoding.
enum DirectEpisodeResult {
  /// The result of `episodes.get` for `episode` of `catalog`, as
  /// `JSONValueEncoder().encode(FanService.episodeResult(episode, in: catalog))` makes it; nil
  /// when the episode has extra fields.
  static func value(_ episode: Episode, in catalog: Catalog) -> JSONValue? {
    guard episode.extraFields.isEmpty else { return nil }
    var members: [JSONObject.Member] = []
    members.reserveCapacity(9)
    members.append(.init(key: "id", value: .integer(episode.id)))
    members.append(.init(key: "universe", value: .string(catalog.universe.rawValue)))
    members.append(.init(key: "title", value: .string(episode.title)))
    members.append(.init(key: "series", value: .string(episode.series.rawValue)))
    members.append(.init(key: "season", value: .integer(episode.season)))
    members.append(.init(key: "episode", value: .integer(episode.episode)))
    if let code = episode.code {
      members.append(.init(key: "code", value: .string(code)))
    }
    members.append(.init(key: "airDate", value: .string(episode.airDate.description)))
    let mentions = episode.characters.map { mention -> JSONValue in
      let name = mention.characterID.flatMap { catalog.name(ofCharacter: $0) }
      return .object(
        JSONObject([
          .init(key: "name", value: .string(mention.name)),
          .init(key: "characterId", value: mention.characterID.map { .integer($0) } ?? .null),
          .init(key: "characterName", value: name.map { .string($0) } ?? .null),
        ]))
    }
    members.append(.init(key: "characters", value: .array(mentions)))
    return .object(JSONObject(members))
  }
}
