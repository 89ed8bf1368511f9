import FanCore

extension FanService {
  /// The universes served, by wire name, the default first.
  package var universeNames: [String] { catalogStores.universes.map(\.rawValue) }

  /// The universes served, as a sentence names them: `breaking-bad (Breaking Bad and Better
  /// Call Saul; the default) and rick-and-morty`, the default with its series, from the one
  /// list.
  package var universePhrase: String {
    let described = catalogStores.universes.compactMap { catalogStores.universeList.named($0) }
    let names = described.enumerated().map { index, universe in
      guard index == 0 else { return universe.id.rawValue }
      let series = universe.series.map { universe.seriesDisplayNames[$0] ?? $0.rawValue }
      return "\(universe.id) (\(series.listed); the default)"
    }
    return names.listed
  }

  /// The character of `universe` that `name` names as the rest of the service reads names (own
  /// name, nickname or alias, ignoring case and diacritics); nil when it names none or several.
  package func characterID(named name: String, universe: String) throws -> Int? {
    try catalogStores.loaded(universe: UniverseID(rawValue: universe)).catalog.resolver
      .resolve(name)
  }
}
