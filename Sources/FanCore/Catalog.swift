/// One universe's episodes, characters and quotes, with their indexes.
///
/// The indexes answer every query without scanning or re-parsing. Built once; immutable
/// afterwards.
package struct Catalog: Sendable {
  /// The universe the records belong to.
  package let universe: UniverseID
  /// The universe's series, in the order lists show them.
  package let series: [Series]
  /// The series whose seasons a character filter means when the query names none.
  package let defaultSeasonSeries: Series?
  /// Every episode, in broadcast order (series, season, number).
  package let episodes: [Episode]
  /// Every character, by name.
  package let characters: [ShowCharacter]
  /// Every quote, by id.
  package let quotes: [Quote]
  /// Every location, by id (empty for universes without location records).
  package let locations: [Location]
  /// Links names to characters.
  package let resolver: NameResolver

  private let episodeIndex: [Int: Int]
  private let characterIndex: [Int: Int]
  private let quoteIndex: [Int: Int]
  private let locationIndex: [Int: Int]
  private let episodesByCharacter: [Int: [Int]]
  private let episodesBySeason: [Int: [Int]]
  private let quotesByCharacter: [Int: [Int]]

  /// Builds the catalog: sorts, resolves every character name and author, and indexes.
  package init(
    universe: some UniverseDescription, episodes: [Episode], characters: [ShowCharacter],
    quotes: [Quote], locations: [Location] = []
  ) {
    let characters = characters.map { (key: TextFolding.fold($0.name), character: $0) }
      .sorted { ($0.key, $0.character.id) < ($1.key, $1.character.id) }
      .map(\.character)
    let resolver = NameResolver(characters: characters, aliases: universe.aliases)
    let episodes = episodes.map { episode in
      var resolved = episode
      resolved.characters = episode.characters.map {
        // A mention the source links by id keeps its link; the others resolve by name.
        CharacterMention(
          name: $0.name, characterID: $0.characterID ?? resolver.resolveExactly($0.name))
      }
      return resolved
    }
    .sorted { Episode.broadcastOrder($0, $1, seriesOrder: universe.seriesOrder) }
    let quotes = quotes.map { quote in
      var resolved = quote
      resolved.characterID = resolver.resolveExactly(quote.author)
      return resolved
    }
    .sorted { $0.id < $1.id }

    var episodesByCharacter: [Int: [Int]] = [:]
    for (index, episode) in episodes.enumerated() {
      for id in Set(episode.characters.compactMap(\.characterID)) {
        episodesByCharacter[id, default: []].append(index)
      }
    }
    var episodesBySeason: [Int: [Int]] = [:]
    for (index, episode) in episodes.enumerated() {
      episodesBySeason[episode.season, default: []].append(index)
    }
    var quotesByCharacter: [Int: [Int]] = [:]
    for (index, quote) in quotes.enumerated() {
      if let id = quote.characterID { quotesByCharacter[id, default: []].append(index) }
    }
    self.universe = universe.id
    self.series = universe.series
    self.defaultSeasonSeries = universe.defaultSeasonSeries
    self.episodes = episodes
    self.characters = characters
    self.quotes = quotes
    let locations = locations.sorted { $0.id < $1.id }
    self.locations = locations
    self.locationIndex = Dictionary(
      locations.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.resolver = resolver
    self.episodeIndex = Dictionary(
      episodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.characterIndex = Dictionary(
      characters.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.quoteIndex = Dictionary(
      quotes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.episodesByCharacter = episodesByCharacter
    self.episodesBySeason = episodesBySeason
    self.quotesByCharacter = quotesByCharacter
  }

  // MARK: - Episodes

  /// The episodes of `series` (every series when nil), in broadcast order.
  package func episodes(in series: Series?) -> [Episode] {
    guard let series else { return episodes }
    return episodes.filter { $0.series == series }
  }

  /// The episode with this id.
  package func episode(id: Int) throws(CatalogError) -> Episode {
    guard let index = episodeIndex[id] else { throw .notFound(kind: "episode", id: id) }
    return episodes[index]
  }

  /// The episodes that match every field of `query` that is set, in broadcast order.
  package func episodes(matching query: EpisodeQuery) throws(CatalogError) -> [Episode] {
    if let season = query.season, season < 1 {
      throw .invalidValue(field: "season", problem: "must be 1 or more, not \(season)")
    }
    if let from = query.airedFrom, let to = query.airedTo, from > to {
      throw .invalidValue(
        field: "airedFrom", problem: "is after airedTo (\(from) > \(to)); swap them or drop one")
    }
    // Start from the narrowest index that applies (positions are in broadcast order), then
    // check the remaining fields on those episodes only.
    var candidates: [Int]?
    var wanted: Set<Int>?
    if !query.characters.isEmpty {
      let ids = Set(try resolve(query.characters, field: "characters"))
      wanted = ids
      candidates = Set(ids.flatMap { episodesByCharacter[$0] ?? [] }).sorted()
    }
    if let season = query.season {
      let inSeason = episodesBySeason[season] ?? []
      candidates = candidates.map { current in current.filter(Set(inSeason).contains) } ?? inSeason
    }
    let positions = candidates ?? Array(episodes.indices)
    let title = query.name.map(TextFolding.fold) ?? ""
    let code = query.code?.lowercased() ?? ""
    return positions.map { episodes[$0] }.filter { episode in
      if !title.isEmpty, !TextFolding.fold(episode.title).contains(title) { return false }
      if !code.isEmpty, !(episode.code?.lowercased().contains(code) ?? false) { return false }
      if let series = query.series, episode.series != series { return false }
      if let season = query.season, episode.season != season { return false }
      if let from = query.airedFrom, episode.airDate < from { return false }
      if let to = query.airedTo, episode.airDate > to { return false }
      if let wanted,
        !episode.characters.contains(where: { $0.characterID.map(wanted.contains) ?? false })
      {
        return false
      }
      return true
    }
  }

  // MARK: - Characters

  /// The character with this id.
  package func character(id: Int) throws(CatalogError) -> ShowCharacter {
    guard let index = characterIndex[id] else { throw .notFound(kind: "character", id: id) }
    return characters[index]
  }

  /// The name of the character with this id, if there is one.
  package func name(ofCharacter id: Int) -> String? {
    characterIndex[id].map { characters[$0].name }
  }

  /// The characters of `series` (every series when nil), by name.
  package func characters(in series: Series?) -> [ShowCharacter] {
    guard let series else { return characters }
    return characters.filter { $0.series.contains(series) }
  }

  /// The characters that match every field of `query` that is set, by name.
  package func characters(matching query: CharacterQuery) throws(CatalogError) -> [ShowCharacter] {
    if let bad = query.seasons.first(where: { $0 < 1 }) {
      throw .invalidValue(
        field: "seasons", problem: "must hold season numbers of 1 or more, not \(bad)")
    }
    let seasons = Set(query.seasons)
    let search = query.name.map(TextFolding.fold) ?? ""
    let species = query.species.map(TextFolding.fold) ?? ""
    let type = query.type.map(TextFolding.fold) ?? ""
    let gender = query.gender?.lowercased() ?? ""
    return characters.filter { character in
      if !species.isEmpty || !type.isEmpty || !gender.isEmpty {
        guard let profile = character.profile else { return false }
        if !species.isEmpty, !TextFolding.fold(profile.species).contains(species) { return false }
        if !type.isEmpty, !TextFolding.fold(profile.type ?? "").contains(type) { return false }
        if !gender.isEmpty, profile.gender.lowercased() != gender { return false }
      }
      if let series = query.series, !character.series.contains(series) { return false }
      if let status = query.status, !status.admits(character.status) { return false }
      if !seasons.isEmpty {
        // A universe without seasons per series matches no season filter.
        guard let seasonSeries = query.series ?? defaultSeasonSeries,
          character.seasons(in: seasonSeries).contains(where: seasons.contains)
        else { return false }
      }
      if !search.isEmpty, !TextFolding.fold(character.name).contains(search),
        !TextFolding.fold(character.nickname).contains(search)
      {
        return false
      }
      return true
    }
  }

  /// The number of episodes whose character list names this character.
  package func episodeCount(characterID: Int) -> Int {
    episodesByCharacter[characterID]?.count ?? 0
  }

  /// The episodes whose character list names this character, in broadcast order.
  package func episodes(characterID: Int) -> [Episode] {
    (episodesByCharacter[characterID] ?? []).map { episodes[$0] }
  }

  // MARK: - Locations

  /// The location with this id.
  package func location(id: Int) throws(CatalogError) -> Location {
    guard let index = locationIndex[id] else { throw .notFound(kind: "location", id: id) }
    return locations[index]
  }

  // MARK: - Quotes

  /// The quote with this id.
  package func quote(id: Int) throws(CatalogError) -> Quote {
    guard let index = quoteIndex[id] else { throw .notFound(kind: "quote", id: id) }
    return quotes[index]
  }

  /// The quotes attributed to this character (under any of its names), by id.
  package func quotes(characterID: Int) throws(CatalogError) -> [Quote] {
    _ = try character(id: characterID)
    return (quotesByCharacter[characterID] ?? []).map { quotes[$0] }
  }

  /// The quotes by `author` (any name that resolves) in `series`; every quote when both are nil.
  package func quotes(author: String?, series: Series?) throws(CatalogError) -> [Quote] {
    var candidates = quotes
    if let author {
      let id = try resolve([.name(author)], field: "author")[0]
      candidates = (quotesByCharacter[id] ?? []).map { quotes[$0] }
    }
    if let series { candidates = candidates.filter { $0.series == series } }
    return candidates
  }

  /// One quote drawn uniformly from those by `author` in `series`, with `generator`.
  package func randomQuote(
    author: String?, series: Series?, using generator: inout some RandomNumberGenerator
  ) throws(CatalogError) -> Quote {
    let candidates = try quotes(author: author, series: series)
    guard let quote = candidates.randomElement(using: &generator) else {
      var what = "no quote"
      if let author { what += " by \(author)" }
      if let series { what += " in \(series.rawValue)" }
      throw .noMatch(what)
    }
    return quote
  }

  // MARK: - Names

  /// The character ids of `references`, in order; unknown names and ids are errors.
  package func resolve(_ references: [CharacterReference], field: String) throws(CatalogError)
    -> [Int]
  {
    var ids: [Int] = []
    for (position, reference) in references.enumerated() {
      switch reference {
      case .id(let id):
        guard characterIndex[id] != nil else { throw .notFound(kind: "character", id: id) }
        ids.append(id)
      case .name(let name):
        guard let id = resolver.resolve(name) else {
          let path = references.count == 1 && field == "author" ? field : "\(field)[\(position)]"
          let candidates = resolver.candidates(for: name)
          if !candidates.isEmpty {
            throw .ambiguousName(field: path, name: name, candidates: candidates)
          }
          throw .unknownName(field: path, name: name, suggestions: resolver.suggestions(for: name))
        }
        ids.append(id)
      }
    }
    return ids
  }
}
