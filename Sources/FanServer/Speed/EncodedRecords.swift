import FanProtocol
import JSON
import Synchronization

/// Records that depend only on the catalog in use, encoded once per catalog and reused: the
/// speed seam of the episodes' methods.
///
/// Answering `episodes.get`, `episodes.list` or `episodes.filter` meant building each episode's
/// record (and `episodes.get`'s mentions) and encoding it through the generic `Codable` tree on
/// every call: most of their CPU (see Benchmarks/README.md). Here each is encoded once for the
/// catalog it was made from (its identity: universe, source and the digest of its bodies) and
/// the JSON value, with its serialization, is reused until a refresh replaces that catalog; then
/// the universe's values are dropped and made again on use. A page's other members (totals,
/// cursors, seasons) are encoded as before, and the records put where the plain encoding puts
/// them (`filling`). The values are the plain path's own (`make` is that path), so the replies
/// are the same bytes: a test compares every episode of both universes, and pages and filters
/// of each, with it.
package final class EncodedRecords: Sendable {
  /// The values of one universe, for the catalog identity they were made from.
  private struct Values {
    var identity: String
    var byID: [Int: JSONValue] = [:]
  }

  private let values = Mutex<[UniverseID: Values]>([:])

  /// An empty cache.
  package init() {}

  /// The value of record `id` of `universe`'s catalog `identity`: the one made before, or what
  /// `make` makes now (kept for the next call; an error is not kept).
  package func value(
    universe: UniverseID, identity: String, id: Int, make: () throws -> JSONValue
  ) rethrows -> JSONValue {
    let kept = values.withLock { values -> JSONValue? in
      guard let held = values[universe], held.identity == identity else { return nil }
      return held.byID[id]
    }
    if let kept { return kept }
    let made = Self.keptSerialized(try make())
    values.withLock { values in
      if values[universe]?.identity != identity {
        values[universe] = Values(identity: identity)
      }
      values[universe]?.byID[id] = made
    }
    return made
  }

  /// The values of `records` of `universe`'s catalog `identity`, in order: those made before, and
  /// what `make` makes now for the others (kept for the next call), under one lock each way.
  package func values<Record>(
    of records: some Collection<Record>, id: (Record) -> Int, universe: UniverseID,
    identity: String, make: (Record) throws -> JSONValue
  ) rethrows -> [JSONValue] {
    var found = values.withLock { values -> [JSONValue?] in
      guard let held = values[universe], held.identity == identity else {
        return Array(repeating: nil, count: records.count)
      }
      return records.map { held.byID[id($0)] }
    }
    var made: [(Int, JSONValue)] = []
    for (index, record) in records.enumerated() where found[index] == nil {
      let value = Self.keptSerialized(try make(record))
      found[index] = value
      made.append((id(record), value))
    }
    if !made.isEmpty {
      values.withLock { values in
        if values[universe]?.identity != identity {
          values[universe] = Values(identity: identity)
        }
        for (id, value) in made { values[universe]?.byID[id] = value }
      }
    }
    return found.map { $0 ?? .null }
  }

  /// `value` with its serialization kept (an object's bytes, which every reply then copies
  /// instead of writing the object again).
  private static func keptSerialized(_ value: JSONValue) -> JSONValue {
    guard case .object(let object) = value else { return value }
    return .object(object.keepingSerialization())
  }

  /// `shell` (an object whose `member` is an empty array) with `records` in that array.
  package static func filling(_ shell: JSONValue, member: String, with records: [JSONValue])
    -> JSONValue
  {
    guard case .object(var object) = shell else { return shell }
    object.set(member, .array(records))
    return .object(object)
  }

  /// `episodes.list`'s result, written as `EpisodesList.Result` encodes (its members and each
  /// season's in declaration order, `nextCursor` null at the end), with the records made before.
  package static func episodesList(
    seasons: [(series: Series, season: Int, records: [JSONValue])], total: Int,
    nextCursor: String?
  ) -> JSONValue {
    .object(
      JSONObject([
        "seasons": .array(
          seasons.map { group in
            .object(
              JSONObject([
                "series": .string(group.series.rawValue), "season": .integer(group.season),
                "episodes": .array(group.records),
              ]))
          }),
        "total": .integer(total),
        "nextCursor": nextCursor.map(JSONValue.string) ?? .null,
      ]))
  }
}
