import FanProtocol

/// The Rick and Morty universe: the rickandmortyapi.com data.
package struct RickAndMorty: UniverseDescription {
  /// `rick-and-morty`.
  package let id = UniverseID.rickAndMorty
  /// The one series.
  package let series: [Series] = [.rickAndMorty]
  /// Season filters mean the show's seasons.
  package let defaultSeasonSeries: Series? = .rickAndMorty
  /// The data links characters by URL, so no name needs an alias.
  package let aliases: [String: String] = [:]
  /// Every link is by id.
  package let unlinkedNames: Set<String> = []

  /// `Rick and Morty`.
  package let displayName = "Rick and Morty"
  /// `Rick and Morty`.
  package var seriesDisplayNames: [Series: String] { [.rickAndMorty: "Rick and Morty"] }

  /// The universe.
  package init() {}
}
