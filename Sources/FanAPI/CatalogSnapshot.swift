/// Everything a source returned, in the API's own shapes, before mapping.
package struct CatalogSnapshot: Sendable, Equatable {
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
