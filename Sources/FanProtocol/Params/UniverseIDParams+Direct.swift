import JSON

extension UniverseIDParams: JSONDirectDecodable {
  /// `{id, universe?}` read directly: `id` a plain integer, `universe` a string that is not empty
  /// and that the decoder's vocabulary knows; anything else is left to `Codable`, which says
  /// what is wrong (an unknown universe names those that exist).
  package static func directlyDecoded(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Self? {
    var id: Int?
    var universe: UniverseID?
    for member in object.members {
      switch member.key {
      case "id" where id == nil:
        guard let value = member.value.plainInteger else { return nil }
        id = value
      case "universe" where universe == nil:
        guard case .string(let text) = member.value, !text.isEmpty else { return nil }
        let named = UniverseID(rawValue: text)
        let vocabulary = WireVocabulary.held(in: userInfo)
        guard vocabulary?.universes.contains(named) ?? true else { return nil }
        universe = named
      default:
        return nil
      }
    }
    guard let id else { return nil }
    return Self(id: id, universe: universe)
  }
}
