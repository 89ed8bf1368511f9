import FanCore
import FoundationEssentials

/// Everything the Rick and Morty API returned, in its own shapes, before mapping.
package struct RickAndMortySnapshot: Sendable, Equatable {
  /// The characters.
  package var characters: [RickAndMortyCharacterDTO]
  /// The episodes.
  package var episodes: [RickAndMortyEpisodeDTO]
  /// The locations.
  package var locations: [RickAndMortyLocationDTO]

  /// Creates a snapshot.
  package init(
    characters: [RickAndMortyCharacterDTO], episodes: [RickAndMortyEpisodeDTO],
    locations: [RickAndMortyLocationDTO]
  ) {
    self.characters = characters
    self.episodes = episodes
    self.locations = locations
  }

  /// Decodes the three lists, each one joined array or its pages in order, record by record:
  /// the snapshot, and a problem for every record that did not decode.
  package static func decode(characters: [Data], episodes: [Data], locations: [Data])
    throws(SourceError) -> (snapshot: RickAndMortySnapshot, problems: [MappingProblem])
  {
    let decodedCharacters = try RickAndMortyList<RickAndMortyCharacterDTO>.joined(
      characters, as: RickAndMorty.characterList)
    let decodedEpisodes = try RickAndMortyList<RickAndMortyEpisodeDTO>.joined(
      episodes, as: RickAndMorty.episodeList)
    let decodedLocations = try RickAndMortyList<RickAndMortyLocationDTO>.joined(
      locations, as: RickAndMorty.locationList)
    return (
      RickAndMortySnapshot(
        characters: decodedCharacters.elements, episodes: decodedEpisodes.elements,
        locations: decodedLocations.elements),
      decodedCharacters.problems + decodedEpisodes.problems + decodedLocations.problems
    )
  }
}
