import FoundationEssentials

/// Everything the Breaking Bad API returned, in its own shapes, before mapping.
package struct BreakingBadSnapshot: Sendable, Equatable {
  /// The characters.
  package var characters: [CharacterDTO]
  /// The episodes.
  package var episodes: [EpisodeDTO]
  /// The quotes.
  package var quotes: [QuoteDTO]

  /// Creates a snapshot.
  package init(characters: [CharacterDTO], episodes: [EpisodeDTO], quotes: [QuoteDTO]) {
    self.characters = characters
    self.episodes = episodes
    self.quotes = quotes
  }
}

extension BreakingBadSnapshot {
  /// Decodes the API's three arrays with `JSONDecoder`, record by record: the snapshot, and a
  /// problem for every record that did not decode.
  package static func decode(characters: Data, episodes: Data, quotes: Data) throws(SourceError)
    -> (snapshot: BreakingBadSnapshot, problems: [MappingProblem])
  {
    let decodedCharacters = try SnapshotDecoder.decodeList(
      CharacterDTO.self, from: characters, as: .characters)
    let decodedEpisodes = try SnapshotDecoder.decodeList(
      EpisodeDTO.self, from: episodes, as: .episodes)
    let decodedQuotes = try SnapshotDecoder.decodeList(QuoteDTO.self, from: quotes, as: .quotes)
    let snapshot = BreakingBadSnapshot(
      characters: decodedCharacters.elements, episodes: decodedEpisodes.elements,
      quotes: decodedQuotes.elements)
    return (
      snapshot,
      decodedCharacters.problems + decodedEpisodes.problems + decodedQuotes.problems
    )
  }
}
