import FanProtocol
import Synchronization

/// One universe's episodes, characters and quotes, with their indexes.
///
/// The indexes answer every query without scanning or re-parsing. Built once; immutable
/// afterwards, so its records live in one shared box and a copy costs one reference count.
package struct Catalog: Sendable {
  /// The records and indexes, shared by every copy.
  private final class Storage: Sendable {
    let universe: UniverseID
    let series: [Series]
    let defaultSeasonSeries: Series?
    let episodes: [Episode]
    /// The characters, when the catalog was built with them; empty when `records` reads them.
    let madeCharacters: [ShowCharacter]
    /// Where the characters are read one at a time, when the catalog was opened without them.
    let records: (any CatalogCharacterRecords)?
    /// How many characters there are.
    let characterCount: Int
    /// Every character read from `records`, once a query needed them all (or many).
    let readCharacters = Mutex<[ShowCharacter]?>(nil)
    /// How many records were read one at a time: past a quarter of them, all are read.
    let singleReads = Atomic<Int>(0)
    let quotes: [Quote]
    let locations: [Location]
    let aliases: [String: String]
    /// Each name and alias by the record it names (`NameResolver.exactNames`), when the build
    /// needed it; else made with the resolver.
    let exactNames: [String: Int]?
    /// The resolver, built on first use (`resolver`): a one-shot call that resolves no name
    /// never pays for it.
    let builtResolver = Mutex<NameResolver?>(nil)
    let foldedNames: [String]
    let foldedNicknames: [String]
    let episodeIndex: CatalogIDIndex
    let characterIndex: CatalogIDIndex
    let quoteIndex: CatalogIDIndex
    let locationIndex: CatalogIDIndex
    let episodesByCharacter: CatalogGroupIndex
    let episodesBySeason: CatalogGroupIndex
    let quotesByCharacter: CatalogGroupIndex

    init(
      universe: UniverseID, series: [Series], defaultSeasonSeries: Series?, episodes: [Episode],
      characters: [ShowCharacter], records: (any CatalogCharacterRecords)?, characterCount: Int,
      quotes: [Quote], locations: [Location],
      aliases: [String: String], exactNames: [String: Int]?, foldedNames: [String],
      foldedNicknames: [String],
      episodeIndex: CatalogIDIndex, characterIndex: CatalogIDIndex,
      quoteIndex: CatalogIDIndex, locationIndex: CatalogIDIndex,
      episodesByCharacter: CatalogGroupIndex, episodesBySeason: CatalogGroupIndex,
      quotesByCharacter: CatalogGroupIndex
    ) {
      self.universe = universe
      self.series = series
      self.defaultSeasonSeries = defaultSeasonSeries
      self.episodes = episodes
      self.madeCharacters = characters
      self.records = records
      self.characterCount = characterCount
      self.quotes = quotes
      self.locations = locations
      self.aliases = aliases
      self.exactNames = exactNames
      self.foldedNames = foldedNames
      self.foldedNicknames = foldedNicknames
      self.episodeIndex = episodeIndex
      self.characterIndex = characterIndex
      self.quoteIndex = quoteIndex
      self.locationIndex = locationIndex
      self.episodesByCharacter = episodesByCharacter
      self.episodesBySeason = episodesBySeason
      self.quotesByCharacter = quotesByCharacter
    }
  }

  private let storage: Storage

  /// Every character, by name: the ones built with the catalog, or all of them read from its
  /// records (once, then kept).
  private var allCharacters: [ShowCharacter] {
    let storage = storage
    guard let records = storage.records else { return storage.madeCharacters }
    return storage.readCharacters.withLock { read in
      if let read { return read }
      let all = (0..<storage.characterCount).map { records.character(at: $0) }
      read = all
      return all
    }
  }

  /// The character at `position`, read alone when the catalog reads its records one at a time
  /// (until a quarter of them were: then all are read, once, for the next ones).
  private func character(at position: Int) -> ShowCharacter {
    let storage = storage
    guard let records = storage.records else { return storage.madeCharacters[position] }
    if let read = storage.readCharacters.withLock({ $0 }) { return read[position] }
    let reads = storage.singleReads.add(1, ordering: .relaxed).newValue
    guard reads <= storage.characterCount / 4 else { return allCharacters[position] }
    return records.character(at: position)
  }

  /// The name of the character at `position`, as `character(at:)` reads it.
  private func name(at position: Int) -> String {
    let storage = storage
    guard let records = storage.records else { return storage.madeCharacters[position].name }
    if let read = storage.readCharacters.withLock({ $0 }) { return read[position].name }
    return records.name(at: position)
  }

  /// The universe the records belong to.
  package var universe: UniverseID { storage.universe }
  /// The universe's series, in the order lists show them.
  package var series: [Series] { storage.series }
  /// The series whose seasons a character filter means when the query names none.
  package var defaultSeasonSeries: Series? { storage.defaultSeasonSeries }
  /// Every episode, in broadcast order (series, season, number).
  package var episodes: [Episode] { storage.episodes }
  /// Every character, by name.
  package var characters: [ShowCharacter] { allCharacters }
  /// How many characters there are: `characters.count`, without reading their records.
  package var characterCount: Int { storage.characterCount }
  /// Every quote, by id.
  package var quotes: [Quote] { storage.quotes }
  /// Every location, by id (empty for universes without location records).
  package var locations: [Location] { storage.locations }
  /// Links names to characters; built the first time it is asked for, then kept.
  package var resolver: NameResolver {
    let storage = storage
    return storage.builtResolver.withLock { built in
      if let built { return built }
      let resolver = NameResolver(
        characters: allCharacters, foldedNames: storage.foldedNames,
        foldedNicknames: storage.foldedNicknames, aliases: storage.aliases,
        exactNames: storage.exactNames)
      built = resolver
      return resolver
    }
  }

  private var episodeIndex: CatalogIDIndex { storage.episodeIndex }
  private var characterIndex: CatalogIDIndex { storage.characterIndex }
  private var quoteIndex: CatalogIDIndex { storage.quoteIndex }
  private var locationIndex: CatalogIDIndex { storage.locationIndex }
  private var episodesByCharacter: CatalogGroupIndex { storage.episodesByCharacter }
  private var episodesBySeason: CatalogGroupIndex { storage.episodesBySeason }
  private var quotesByCharacter: CatalogGroupIndex { storage.quotesByCharacter }

  /// Builds the catalog: sorts, resolves every character name and author, and indexes.
  package init(
    universe: some UniverseDescription, episodes: [Episode], characters: [ShowCharacter],
    quotes: [Quote], locations: [Location] = []
  ) {
    // Sorted by index: sorting the records themselves moved every record (a dozen fields) on
    // each step, a tenth of a Rick and Morty load. The order is the same (a stable sort).
    let keys = characters.map { TextFolding.fold($0.name) }
    let order = characters.indices
      .sorted { (keys[$0], characters[$0].id) < (keys[$1], characters[$1].id) }
    // Put in that order by swapping along the permutation's cycles: records move, none is
    // copied (a copy retains each of a record's strings and arrays, and the old array's
    // release drops them again).
    var characters = characters
    var placed = [Bool](repeating: false, count: order.count)
    for start in order.indices where !placed[start] {
      var position = start
      placed[position] = true
      while order[position] != start {
        let next = order[position]
        characters.swapAt(position, next)
        placed[next] = true
        position = next
      }
    }
    // Folded once here, for every name search (`characters(matching:)`).
    let foldedNames = order.map { keys[$0] }
    let foldedNicknames = characters.map { TextFolding.fold($0.nickname) }
    // Mentions and authors resolve exactly (own name or alias), which needs only the table of
    // exact names; the full resolver (folded names, nicknames, shared names) is built when a
    // query first needs it. A universe whose sources link every mention by id and that has no
    // quotes (Rick and Morty) needs neither at load.
    let needsNames =
      !quotes.isEmpty || episodes.contains { $0.characters.contains { $0.characterID == nil } }
    let exactNames =
      needsNames ? NameResolver.exactNames(characters: characters, aliases: universe.aliases) : nil
    let episodes = episodes.map { episode in
      guard let exactNames, episode.characters.contains(where: { $0.characterID == nil }) else {
        return episode
      }
      var resolved = episode
      resolved.characters = episode.characters.map {
        // A mention the source links by id keeps its link; the others resolve by name.
        CharacterMention(name: $0.name, characterID: $0.characterID ?? exactNames[$0.name])
      }
      return resolved
    }
    .sorted { Episode.broadcastOrder($0, $1, seriesOrder: universe.seriesOrder) }
    let quotes = quotes.map { quote in
      var resolved = quote
      resolved.characterID = exactNames?[quote.author]
      return resolved
    }
    .sorted { $0.id < $1.id }

    let locations = locations.sorted { $0.id < $1.id }
    self.init(
      universe: universe,
      ordered: CatalogParts(
        episodes: episodes, characters: characters, quotes: quotes, locations: locations,
        foldedNames: foldedNames, foldedNicknames: foldedNicknames),
      exactNames: exactNames)
  }

  /// Opens the catalog of `parts`, records already in a catalog's order and resolved.
  ///
  /// Only the indexes are built (`parts` gives such records). `exactNames`, when the caller has it, is
  /// kept for the resolver (`NameResolver.exactNames` of the characters); else the resolver
  /// makes it when first needed.
  package init(
    universe: some UniverseDescription, ordered parts: CatalogParts,
    exactNames: [String: Int]? = nil
  ) {
    let characters = parts.characters
    self.init(
      universe: universe, ordered: parts, exactNames: exactNames,
      characterIDs: CatalogIDIndex(count: characters.count) { characters[$0].id },
      records: nil)
  }

  /// Opens the catalog of `parts` without their characters, which `records` reads when a query
  /// needs them: `characterIDs` gives each one's id in the catalog's order (the parts' folded
  /// names and nicknames are theirs, in the same order; `parts.characters` is not read).
  package init(
    universe: some UniverseDescription, ordered parts: CatalogParts, characterIDs: [Int],
    records: any CatalogCharacterRecords
  ) {
    self.init(
      universe: universe, ordered: parts, exactNames: nil,
      characterIDs: CatalogIDIndex(count: characterIDs.count) { characterIDs[$0] },
      records: records)
  }

  private init(
    universe: some UniverseDescription, ordered parts: CatalogParts,
    exactNames: [String: Int]?, characterIDs: CatalogIDIndex,
    records: (any CatalogCharacterRecords)?
  ) {
    let episodes = parts.episodes
    let characters = records == nil ? parts.characters : []
    let quotes = parts.quotes
    let locations = parts.locations
    // Every linked mention, episode by episode: the pairs the episodes-by-character index files.
    var mentionedIDs: [Int] = []
    var mentionPositions: [Int] = []
    for position in episodes.indices {
      let mentions = episodes[position].characters
      for mention in mentions.indices {
        guard let id = mentions[mention].characterID else { continue }
        mentionedIDs.append(id)
        mentionPositions.append(position)
      }
    }
    // The quotes linked to a character.
    var quoteAuthors: [Int] = []
    var quotePositions: [Int] = []
    for position in quotes.indices {
      guard let id = quotes[position].characterID else { continue }
      quoteAuthors.append(id)
      quotePositions.append(position)
    }
    storage = Storage(
      universe: universe.id, series: universe.series,
      defaultSeasonSeries: universe.defaultSeasonSeries, episodes: episodes,
      characters: characters, records: records,
      characterCount: records == nil ? characters.count : parts.foldedNames.count,
      quotes: quotes, locations: locations, aliases: universe.aliases, exactNames: exactNames,
      foldedNames: parts.foldedNames,
      foldedNicknames: parts.foldedNicknames,
      episodeIndex: CatalogIDIndex(count: episodes.count) { episodes[$0].id },
      characterIndex: characterIDs,
      quoteIndex: CatalogIDIndex(count: quotes.count) { quotes[$0].id },
      locationIndex: CatalogIDIndex(count: locations.count) { locations[$0].id },
      episodesByCharacter: CatalogGroupIndex(pairs: mentionedIDs.count) {
        (mentionedIDs[$0], mentionPositions[$0])
      },
      episodesBySeason: CatalogGroupIndex(pairs: episodes.count) { (episodes[$0].season, $0) },
      quotesByCharacter: CatalogGroupIndex(pairs: quoteAuthors.count) {
        (quoteAuthors[$0], quotePositions[$0])
      })
  }

  /// The records in the catalog's order with the characters' folded names: what
  /// `init(universe:ordered:)` opens again.
  package var parts: CatalogParts {
    CatalogParts(
      episodes: storage.episodes, characters: allCharacters, quotes: storage.quotes,
      locations: storage.locations, foldedNames: storage.foldedNames,
      foldedNicknames: storage.foldedNicknames)
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
      candidates = Set(ids.flatMap { episodesByCharacter.positions(of: $0) }).sorted()
    }
    if let season = query.season {
      let inSeason = Array(episodesBySeason.positions(of: season))
      candidates = candidates.map { current in current.filter(Set(inSeason).contains) } ?? inSeason
    }
    let positions = candidates ?? Array(episodes.indices)
    let title = query.name.map(TextFolding.fold) ?? ""
    let code = query.code?.lowercased() ?? ""
    return positions.map { episodes[$0] }.filter { episode in
      if !title.isEmpty, !TextFolding.fold(episode.title).folded(contains: title) { return false }
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
    return character(at: index)
  }

  /// The name of the character with this id, if there is one.
  package func name(ofCharacter id: Int) -> String? {
    characterIndex[id].map { name(at: $0) }
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
    let names = storage.foldedNames
    let nicknames = storage.foldedNicknames
    // Without a name, every record is read: all at once. With one, only the matches' records
    // are (one at a time, when the catalog reads its records so).
    let all = search.isEmpty ? allCharacters : nil
    return names.indices.compactMap { index -> ShowCharacter? in
      // The name first: it reads only the folded names, and most searches give a name, so the
      // records of the characters it rules out are not read at all.
      if !search.isEmpty, !names[index].folded(contains: search),
        !nicknames[index].folded(contains: search)
      {
        return nil
      }
      let character = all?[index] ?? self.character(at: index)
      if !species.isEmpty || !type.isEmpty || !gender.isEmpty {
        guard let profile = character.profile else { return nil }
        if !species.isEmpty, !TextFolding.fold(profile.species).folded(contains: species) {
          return nil
        }
        if !type.isEmpty, !TextFolding.fold(profile.type ?? "").folded(contains: type) {
          return nil
        }
        if !gender.isEmpty, profile.gender.lowercased() != gender { return nil }
      }
      if let series = query.series, !character.series.contains(series) { return nil }
      if let status = query.status, !status.admits(character.status) { return nil }
      if !seasons.isEmpty {
        // A universe without seasons per series matches no season filter.
        guard let seasonSeries = query.series ?? defaultSeasonSeries,
          character.seasons(in: seasonSeries).contains(where: seasons.contains)
        else { return nil }
      }
      return character
    }
  }

  /// The number of episodes whose character list names this character.
  package func episodeCount(characterID: Int) -> Int {
    episodesByCharacter.count(of: characterID)
  }

  /// The episodes whose character list names this character, in broadcast order.
  package func episodes(characterID: Int) -> [Episode] {
    episodesByCharacter.positions(of: characterID).map { episodes[$0] }
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
    return quotesByCharacter.positions(of: characterID).map { quotes[$0] }
  }

  /// The quotes by `author` (any name that resolves) in `series`; every quote when both are nil.
  package func quotes(author: String?, series: Series?) throws(CatalogError) -> [Quote] {
    var candidates = quotes
    if let author {
      let id = try resolve([.name(author)], field: "author")[0]
      candidates = quotesByCharacter.positions(of: id).map { quotes[$0] }
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
      throw .noMatch(kind: "quote", author: author, series: series)
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
