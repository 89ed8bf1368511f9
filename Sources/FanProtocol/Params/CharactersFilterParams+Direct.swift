import JSON

extension CharactersFilter.Params: JSONDirectDecodable {
  /// `{universe?, series?, name?, species?, type?, gender?, status?, seasons?, limit?, cursor?}`
  /// read directly, each text a string that is not empty (a universe or series one the decoder's
  /// vocabulary knows, a status a known one), `seasons` plain integers, at least one; anything
  /// else is left to `Codable`.
  package static func directlyDecoded(
    from object: JSONObject, userInfo: [CodingUserInfoKey: any Sendable]
  ) -> Self? {
    let vocabulary = WireVocabulary.held(in: userInfo)
    var params = Self()
    let page = DirectPageParams(object) { name, value in
      if name == "seasons" {
        guard case .array(let values) = value, !values.isEmpty else { return false }
        var seasons: [Int] = []
        for value in values {
          guard let season = value.plainInteger else { return false }
          seasons.append(season)
        }
        params.seasons = seasons
        return true
      }
      guard case .string(let text) = value, !text.isEmpty else { return false }
      switch name {
      case "universe":
        let universe = UniverseID(rawValue: text)
        guard vocabulary?.universes.contains(universe) ?? true else { return false }
        params.universe = universe
      case "series":
        let series = Series(rawValue: text)
        guard vocabulary?.series.contains(series) ?? true else { return false }
        params.series = series
      case "status":
        guard CharacterStatus(rawValue: text).isKnown else { return false }
        params.status = text
      case "name": params.name = text
      case "species": params.species = text
      case "type": params.type = text
      case "gender": params.gender = text
      default: return false
      }
      return true
    }
    guard let page else { return nil }
    params.limit = page.limit
    params.cursor = page.cursor
    return params
  }
}
