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
    router.register(EpisodesList.self) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: catalog.episodes(in: params.series), method: EpisodesList.name, params: params,
        catalog: loaded.identity)
      var seasons: [EpisodesList.Season] = []
      for episode in page.records {
        let record = EpisodeRecord(episode, universe: catalog.universe)
        if let last = seasons.last, last.series == episode.series, last.season == episode.season {
          seasons[seasons.count - 1].episodes.append(record)
        } else {
          seasons.append(.init(series: episode.series, season: episode.season, episodes: [record]))
        }
      }
      return EpisodesList.Result(seasons: seasons, total: page.total, nextCursor: page.nextCursor)
    }
    router.register(EpisodesFilter.self) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: try catalog.episodes(matching: params.query), method: EpisodesFilter.name,
        params: params, catalog: loaded.identity)
      return EpisodesFilter.Result(
        episodes: page.records.map { EpisodeRecord($0, universe: catalog.universe) },
        total: page.total, nextCursor: page.nextCursor)
    }
    router.register(EpisodesGet.self) { params, _ in
      let catalog = try stores.loaded(universe: params.universe).catalog
      let episode = try catalog.episode(id: params.id)
      let mentions = episode.characters.map { mention in
        EpisodesGet.Mention(
          name: mention.name, characterId: mention.characterID,
          characterName: mention.characterID.flatMap { catalog.name(ofCharacter: $0) })
      }
      return EpisodesGet.Result(
        EpisodeRecord(episode, universe: catalog.universe), .init(characters: mentions))
    }
  }
}
