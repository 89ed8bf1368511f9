import FanCore
import FanProtocol
import JSON
import JSONRPC

extension EpisodesList: RPCMethod {}

extension EpisodesFilter: RPCMethod {
  /// Expensive when it matches long text (names of characters, a title, a code).
  package static func isExpensive(_ params: JSONValue?) -> Bool {
    SearchCost.isExpensive(params, text: ["characters", "name", "code"])
  }
}

extension EpisodesGet: RPCMethod {}

extension EpisodesList.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension EpisodesFilter.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension EpisodesFilter.Params {
  /// The domain query.
  var query: EpisodeQuery {
    EpisodeQuery(
      series: series, season: season, airedFrom: airedFrom, airedTo: airedTo,
      characters: (characters ?? []).map(\.reference), name: name, code: code)
  }
}

extension FanService {
  /// Registers the `episodes.*` methods.
  func registerEpisodeMethods(into router: inout MethodRouter) {
    let stores = servedCatalogs
    // Each episode's record is encoded once per catalog (EncodedRecords); a page puts them in
    // the place the plain encoding gives them.
    let records = encodedEpisodeRecords
    router.register(EpisodesList.self, readyResult: nil) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: catalog.episodes(in: params.series), method: EpisodesList.name, params: params,
        catalog: loaded.identity)
      let made = try records.values(
        of: page.records, id: \.id, universe: catalog.universe, identity: loaded.identity
      ) { try JSONValueEncoder().encode(EpisodeRecord($0, universe: catalog.universe)) }
      var seasons: [(series: Series, season: Int, records: [JSONValue])] = []
      for (episode, record) in zip(page.records, made) {
        if let last = seasons.last, last.series == episode.series, last.season == episode.season {
          seasons[seasons.count - 1].records.append(record)
        } else {
          seasons.append((episode.series, episode.season, [record]))
        }
      }
      return EncodedRecords.episodesList(
        seasons: seasons, total: page.total, nextCursor: page.nextCursor)
    }
    router.register(EpisodesFilter.self, readyResult: nil) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: try catalog.episodes(matching: params.query), method: EpisodesFilter.name,
        params: params, catalog: loaded.identity)
      let encoded = try records.values(
        of: page.records, id: \.id, universe: catalog.universe, identity: loaded.identity
      ) {
        try DirectRecords.value(
          DirectRecords.episodeRecord($0, universe: catalog.universe),
          else: EpisodeRecord($0, universe: catalog.universe))
      }
      let shell = try JSONValueEncoder().encode(
        EpisodesFilter.Result(episodes: [], total: page.total, nextCursor: page.nextCursor))
      return EncodedRecords.filling(shell, member: "episodes", with: encoded)
    }
    // An episode's reply depends only on the catalog: encoded once per catalog (EncodedRecords).
    let replies = encodedEpisodeReplies
    router.register(EpisodesGet.self, readyResult: nil) { params, _ in
      let loaded = try stores.loaded(universe: params.universe)
      let catalog = loaded.catalog
      let episode = try catalog.episode(id: params.id)
      return try replies.value(
        universe: catalog.universe, identity: loaded.identity, id: episode.id
      ) {
        try DirectRecords.value(
          DirectRecords.episodeResult(episode, in: catalog),
          else: Self.episodeResult(episode, in: catalog))
      }
    }
  }

  /// `episodes.get`'s result for `episode` of `catalog`: the plain path, which `EncodedRecords`
  /// runs once per catalog.
  static func episodeResult(_ episode: Episode, in catalog: Catalog) -> EpisodesGet.Result {
    let mentions = episode.characters.map { mention in
      EpisodesGet.Mention(
        name: mention.name, characterId: mention.characterID,
        characterName: mention.characterID.flatMap { catalog.name(ofCharacter: $0) })
    }
    return EpisodesGet.Result(
      EpisodeRecord(episode, universe: catalog.universe), .init(characters: mentions))
  }
}
