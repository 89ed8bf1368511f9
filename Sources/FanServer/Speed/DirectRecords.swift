import FanCore
import FanProtocol
import JSON

/// Records and results built straight as JSON values, members in the order their `Codable`
/// encoding writes them, without the generic encoder: the speed seam of a one-shot call, whose
/// first (and only) encoding through `Codable` was a tenth of the process (the encoder's
/// containers, and the runtime's first look-ups of their generic types).
///
/// Only a record without extra fields is built here (where the wire's extra fields go among the
/// members is the encoder's business), and an appearance table that names a series once; every
/// builder is nil for the others and the caller encodes as before. `EncodedRecordsTests`
/// compares every episode and character of both universes, and every page of
/// `characters.filter`, with the plain encoding.
enum DirectRecords {
  /// `direct` (a builder's value), or else `plain` encoded as before: the one place a handler's
  /// reply falls back on the generic encoder.
  static func value(_ direct: JSONValue?, else plain: @autoclosure () -> some Encodable) throws
    -> JSONValue
  {
    if let direct { return direct }
    return try JSONValueEncoder().encode(plain())
  }

  /// `episodes.get`'s result for `episode` of `catalog`, as
  /// `JSONValueEncoder().encode(FanService.episodeResult(episode, in: catalog))` makes it.
  static func episodeResult(_ episode: Episode, in catalog: Catalog) -> JSONValue? {
    guard var members = episodeMembers(episode, universe: catalog.universe) else { return nil }
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

  /// `EpisodeRecord(episode, universe: universe)` as `JSONValueEncoder` encodes it.
  static func episodeRecord(_ episode: Episode, universe: UniverseID) -> JSONValue? {
    episodeMembers(episode, universe: universe).map { .object(JSONObject($0)) }
  }

  /// `record` as `JSONValueEncoder` encodes it.
  static func characterRecord(_ record: CharacterRecord) -> JSONValue? {
    guard record.extraFields.isEmpty else { return nil }
    var members: [JSONObject.Member] = [
      .init(key: "id", value: .integer(record.id)),
      .init(key: "universe", value: .string(record.universe.rawValue)),
      .init(key: "name", value: .string(record.name)),
    ]
    if let person = record.person {
      var appearances: [JSONObject.Member] = []
      for entry in person.appearances.entries {
        guard !appearances.contains(where: { $0.key == entry.series.rawValue }) else { return nil }
        appearances.append(
          .init(key: entry.series.rawValue, value: .array(entry.seasons.map { .integer($0) })))
      }
      members += [
        .init(key: "nickname", value: .string(person.nickname)),
        .init(key: "birthday", value: person.birthday.map { .string($0.description) } ?? .null),
        .init(key: "occupations", value: .array(person.occupations.map { .string($0) })),
        .init(key: "status", value: .string(record.status.rawValue)),
        .init(key: "imageURL", value: .string(record.imageURL)),
        .init(key: "portrayedBy", value: .string(person.portrayedBy)),
        .init(key: "series", value: .array(person.series.map { .string($0.rawValue) })),
        .init(key: "appearances", value: .object(JSONObject(appearances))),
      ]
    } else if let creature = record.creature {
      members += [
        .init(key: "status", value: .string(record.status.rawValue)),
        .init(key: "species", value: .string(creature.species)),
        .init(key: "type", value: creature.type.map { .string($0) } ?? .null),
        .init(key: "gender", value: .string(creature.gender)),
        .init(key: "origin", value: place(creature.origin)),
        .init(key: "location", value: place(creature.location)),
        .init(key: "imageURL", value: .string(record.imageURL)),
        .init(key: "episodeCount", value: .integer(creature.episodeCount)),
      ]
    }
    return .object(JSONObject(members))
  }

  /// `characters.filter`'s result of `records`, as `JSONValueEncoder` encodes
  /// `CharactersFilter.Result(characters: records, total: total, nextCursor: nextCursor)`.
  static func charactersFilterResult(
    _ records: [CharacterRecord], total: Int, nextCursor: String?
  ) -> JSONValue? {
    var values: [JSONValue] = []
    values.reserveCapacity(records.count)
    for record in records {
      guard let value = characterRecord(record) else { return nil }
      values.append(value)
    }
    return .object(
      JSONObject([
        .init(key: "characters", value: .array(values)),
        .init(key: "total", value: .integer(total)),
        .init(key: "nextCursor", value: nextCursor.map { .string($0) } ?? .null),
      ]))
  }

  /// An episode record's members, in `EpisodeRecord.encode`'s order; nil with extra fields.
  private static func episodeMembers(_ episode: Episode, universe: UniverseID)
    -> [JSONObject.Member]?
  {
    guard episode.extraFields.isEmpty else { return nil }
    var members: [JSONObject.Member] = []
    members.reserveCapacity(9)
    members.append(.init(key: "id", value: .integer(episode.id)))
    members.append(.init(key: "universe", value: .string(universe.rawValue)))
    members.append(.init(key: "title", value: .string(episode.title)))
    members.append(.init(key: "series", value: .string(episode.series.rawValue)))
    members.append(.init(key: "season", value: .integer(episode.season)))
    members.append(.init(key: "episode", value: .integer(episode.episode)))
    if let code = episode.code {
      members.append(.init(key: "code", value: .string(code)))
    }
    members.append(.init(key: "airDate", value: .string(episode.airDate.description)))
    return members
  }

  /// A `PlaceRecord` as its synthesized encoding writes it.
  private static func place(_ place: PlaceRecord) -> JSONValue {
    .object(
      JSONObject([
        .init(key: "locationId", value: place.locationId.map { .integer($0) } ?? .null),
        .init(key: "name", value: .string(place.name)),
      ]))
  }
}
