import FanCore

extension FanService {
  /// The universes served, by wire name, the default first.
  package var universeNames: [String] { catalogStores.universes.map(\.rawValue) }

  /// The character of `universe` that `name` names as the rest of the service reads names (own
  /// name, nickname or alias, ignoring case and diacritics); nil when it names none or several.
  package func characterID(named name: String, universe: String) throws -> Int? {
    try catalogStores.loaded(universe: UniverseID(rawValue: universe)).catalog.resolver
      .resolve(name)
  }
}
