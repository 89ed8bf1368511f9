import JSON

/// The members of a page's params read directly (`JSONDirectDecodable`): `limit` and `cursor`,
/// plus the integer members a method names, each at most once, each of the plain shape.
struct DirectPageParams {
  /// `limit`, when given.
  var limit: Int?
  /// `cursor`, when given.
  var cursor: String?
  /// The integer members named, by name.
  var integers: [String: Int] = [:]

  /// The members of `object`, when every one is `limit` (a plain integer in the page's range),
  /// `cursor` (a string that is not empty), one of `integerNames` (a plain integer) or one that
  /// `other` reads (true: read), each once; nil for anything else.
  init?(
    _ object: JSONObject, integerNames: Set<String> = [],
    reading other: (_ name: String, _ value: JSONValue) -> Bool = { _, _ in false }
  ) {
    var seen = Set<String>()
    for member in object.members {
      guard seen.insert(member.key).inserted else { return nil }
      switch member.key {
      case "limit":
        guard let limit = member.value.plainInteger, (1...PageLimits.maxLimit).contains(limit)
        else { return nil }
        self.limit = limit
      case "cursor":
        guard case .string(let cursor) = member.value, !cursor.isEmpty else { return nil }
        self.cursor = cursor
      case let name where integerNames.contains(name):
        guard let value = member.value.plainInteger else { return nil }
        integers[name] = value
      default:
        guard other(member.key, member.value) else { return nil }
      }
    }
  }
}

extension EpisodesList.Params: JSONDirectDecodable {
  /// `{limit?, cursor?}` read directly; anything else is left to `Codable`.
  package static func directlyDecoded(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Self? {
    guard let page = DirectPageParams(object) else { return nil }
    return Self(limit: page.limit, cursor: page.cursor)
  }
}

extension EpisodesFilter.Params: JSONDirectDecodable {
  /// `{season?, limit?, cursor?}` read directly; anything else is left to `Codable`.
  package static func directlyDecoded(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Self? {
    guard let page = DirectPageParams(object, integerNames: ["season"]) else { return nil }
    return Self(season: page.integers["season"], limit: page.limit, cursor: page.cursor)
  }
}
