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

  /// Decodes the three joined lists record by record: the snapshot, and a problem for every
  /// record that did not decode.
  package static func decode(characters: Data, episodes: Data, locations: Data)
    throws(SourceError) -> (snapshot: RickAndMortySnapshot, problems: [MappingProblem])
  {
    let decodedCharacters = try SnapshotDecoder.decodeList(
      RickAndMortyCharacterDTO.self, from: characters, as: RickAndMorty.characterList)
    let decodedEpisodes = try SnapshotDecoder.decodeList(
      RickAndMortyEpisodeDTO.self, from: episodes, as: RickAndMorty.episodeList)
    let decodedLocations = try SnapshotDecoder.decodeList(
      RickAndMortyLocationDTO.self, from: locations, as: RickAndMorty.locationList)
    return (
      RickAndMortySnapshot(
        characters: decodedCharacters.elements, episodes: decodedEpisodes.elements,
        locations: decodedLocations.elements),
      decodedCharacters.problems + decodedEpisodes.problems + decodedLocations.problems
    )
  }
}
