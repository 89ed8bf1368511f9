extension Merged where Record == EpisodeRecord, Extra == EpisodesGet.Characters {
  /// The episode (`episodes.get`'s record fields).
  public var episode: EpisodeRecord { record }
  /// The characters named in the episode's list.
  public var characters: [EpisodesGet.Mention] { extra.characters }
}

extension Merged where Record == CharacterRecord, Extra == CharactersGet.Details {
  /// The character (`characters.get`'s record fields).
  public var character: CharacterRecord { record }
  /// The character's quotes (none for a universe without quotes).
  public var quotes: [QuoteRecord] { extra.quotes ?? [] }
  /// The episodes the character appears in (for a Rick and Morty character; else none).
  public var episodes: [EpisodeRecord] { extra.episodes ?? [] }
}

extension Merged where Record == LocationRecord, Extra == LocationsGet.Residents {
  /// The location (`locations.get`'s record fields).
  public var location: LocationRecord { record }
  /// The characters last seen there.
  public var residents: [LocationsGet.Resident] { extra.residents }
}
