import JSON

extension UniverseIDParams: JSONDirectDecodable {
  /// `{id}` (a plain integer) read directly; anything else, a universe included, is left to
  /// `Codable`, which checks it against the served universes.
  package static func directlyDecoded(from object: JSONObject) -> Self? {
    guard object.members.count == 1, let member = object.members.first, member.key == "id",
      let id = member.value.plainInteger
    else { return nil }
    return Self(id: id)
  }
}
