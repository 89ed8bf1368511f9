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

  /// `characters.filter`'s result of `records`, as `JSONValueEncoder` encodes
  /// `CharactersFilter.Result(characters: records, total: total, nextCursor: nextCursor)`: written
  /// straight as its bytes, without a value made for each record (a Rick and Morty page of a
  /// hundred characters was a twentieth of a one-shot call, made and then serialized).
  static func charactersFilterResult(
    _ records: [CharacterRecord], total: Int, nextCursor: String?
  ) -> JSONValue? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64 + 360 * records.count)
    bytes.append(contentsOf: #"{"characters":["#.utf8)
    for position in records.indices {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      guard appendCharacterRecord(records[position], to: &bytes) else { return nil }
    }
    bytes.append(contentsOf: #"],"total":"#.utf8)
    JSONValue.serializeInteger(total, into: &bytes)
    bytes.append(contentsOf: #","nextCursor":"#.utf8)
    appendOptionalString(nextCursor, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return .object(JSONObject(serialized: bytes))
  }

  /// Appends `record` as `JSONValueEncoder` encodes it and serializing that writes it; false for
  /// a record the encoder must make (extra fields, a series named twice in the appearances),
  /// whose bytes so far the caller drops.
  private static func appendCharacterRecord(_ record: CharacterRecord, to bytes: inout [UInt8])
    -> Bool
  {
    guard record.extraFields.isEmpty else { return false }
    bytes.append(contentsOf: #"{"id":"#.utf8)
    JSONValue.serializeInteger(record.id, into: &bytes)
    member("universe", string: record.universe.rawValue, to: &bytes)
    member("name", string: record.name, to: &bytes)
    if let person = record.person {
      member("nickname", string: person.nickname, to: &bytes)
      bytes.append(contentsOf: #","birthday":"#.utf8)
      appendOptionalString(person.birthday?.description, to: &bytes)
      bytes.append(contentsOf: #","occupations":"#.utf8)
      appendStrings(person.occupations, to: &bytes)
      member("status", string: record.status.rawValue, to: &bytes)
      member("imageURL", string: record.imageURL, to: &bytes)
      member("portrayedBy", string: person.portrayedBy, to: &bytes)
      bytes.append(contentsOf: #","series":"#.utf8)
      appendStrings(person.series.map(\.rawValue), to: &bytes)
      bytes.append(contentsOf: #","appearances":{"#.utf8)
      var named: [String] = []
      for entry in person.appearances.entries {
        guard !named.contains(entry.series.rawValue) else { return false }
        if !named.isEmpty { bytes.append(UInt8(ascii: ",")) }
        named.append(entry.series.rawValue)
        JSONValue.serializeString(entry.series.rawValue, into: &bytes)
        bytes.append(contentsOf: ":[".utf8)
        for (position, season) in entry.seasons.enumerated() {
          if position > 0 { bytes.append(UInt8(ascii: ",")) }
          JSONValue.serializeInteger(season, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
      }
      bytes.append(UInt8(ascii: "}"))
    } else if let creature = record.creature {
      member("status", string: record.status.rawValue, to: &bytes)
      member("species", string: creature.species, to: &bytes)
      bytes.append(contentsOf: #","type":"#.utf8)
      appendOptionalString(creature.type, to: &bytes)
      member("gender", string: creature.gender, to: &bytes)
      bytes.append(contentsOf: #","origin":"#.utf8)
      appendPlace(creature.origin, to: &bytes)
      bytes.append(contentsOf: #","location":"#.utf8)
      appendPlace(creature.location, to: &bytes)
      member("imageURL", string: record.imageURL, to: &bytes)
      bytes.append(contentsOf: #","episodeCount":"#.utf8)
      JSONValue.serializeInteger(creature.episodeCount, into: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
    return true
  }

  /// Appends `,"NAME":` and `value` as a JSON string (`name` needs no escaping).
  private static func member(_ name: StaticString, string value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: ","))
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: "\":".utf8)
    JSONValue.serializeString(value, into: &bytes)
  }

  /// Appends `value` as a JSON string, or `null`.
  private static func appendOptionalString(_ value: String?, to bytes: inout [UInt8]) {
    if let value {
      JSONValue.serializeString(value, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
  }

  /// Appends `values` as a JSON array of strings.
  private static func appendStrings(_ values: [String], to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "["))
    for position in values.indices {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      JSONValue.serializeString(values[position], into: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Appends a `PlaceRecord` as its synthesized encoding writes it.
  private static func appendPlace(_ place: PlaceRecord, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: #"{"locationId":"#.utf8)
    if let id = place.locationId {
      JSONValue.serializeInteger(id, into: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    bytes.append(contentsOf: #","name":"#.utf8)
    JSONValue.serializeString(place.name, into: &bytes)
    bytes.append(UInt8(ascii: "}"))
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
}
