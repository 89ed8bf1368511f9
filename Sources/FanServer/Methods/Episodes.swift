import FanCore
import JSONRPC

/// `episodes.list`: every episode of a series (or of all), grouped by season.
package enum EpisodesList: RPCMethod {
  /// The wire name.
  package static let name = "episodes.list"

  /// `{universe?, series?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    package var universe: UniverseID?
    /// Only this series; every series of the universe when absent.
    package var series: Series?

    /// Creates params.
    package init(universe: UniverseID? = nil, series: Series? = nil) {
      self.universe = universe
      self.series = series
    }

    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    package var cursor: String?

    /// Decodes, ignoring an empty series.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      series = try container.decodeSeries(forKey: .series, of: decoder.universes)
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
  }

  /// One season's episodes, by number.
  package struct Season: Codable, Sendable, Equatable {
    /// The series.
    package var series: Series
    /// The season number.
    package var season: Int
    /// Its episodes, by number.
    package var episodes: [EpisodeRecord]
  }

  /// `{seasons: [...], total, nextCursor}`, in broadcast order; a season may continue on the
  /// next page.
  package struct Result: Codable, Sendable, Equatable {
    /// The seasons of the page's episodes, by series then number.
    package var seasons: [Season]
    /// The number of records in the whole list, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `episodes.filter`: the episodes that match every given field.
package enum EpisodesFilter: RPCMethod {
  /// The wire name.
  package static let name = "episodes.filter"

  /// `{universe?, series?, season?, airedFrom?, airedTo?, characters?, name?, code?}`; empty
  /// fields are ignored.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    package var universe: UniverseID?
    /// Only this series.
    package var series: Series?
    /// Only this season.
    package var season: Int?
    /// Aired on or after this day.
    package var airedFrom: CalendarDate?
    /// Aired on or before this day.
    package var airedTo: CalendarDate?
    /// Any of these characters appears (ids or names).
    package var characters: [CharacterReferenceParam]?
    /// The title contains this, ignoring case and diacritics.
    package var name: String?
    /// The code contains this, ignoring case (`S01` is the first season).
    package var code: String?

    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    package var cursor: String?

    /// Decodes, ignoring absent, null and empty fields.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      name = try container.decodeUnlessEmpty(String.self, forKey: .name)
      code = try container.decodeUnlessEmpty(String.self, forKey: .code)
      series = try container.decodeSeries(forKey: .series, of: decoder.universes)
      season = try container.decodeUnlessEmpty(Int.self, forKey: .season)
      airedFrom = try container.decodeUnlessEmpty(CalendarDate.self, forKey: .airedFrom)
      airedTo = try container.decodeUnlessEmpty(CalendarDate.self, forKey: .airedTo)
      characters = try container.decodeUnlessEmpty(
        [CharacterReferenceParam].self, forKey: .characters)
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }

    /// The domain query.
    var query: EpisodeQuery {
      EpisodeQuery(
        series: series, season: season, airedFrom: airedFrom, airedTo: airedTo,
        characters: (characters ?? []).map(\.reference), name: name, code: code)
    }
  }

  /// `{episodes: [...], total, nextCursor}`, in broadcast order.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's matching episodes.
    package var episodes: [EpisodeRecord]
    /// The number of records in the whole list, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `episodes.get`: one episode with its characters.
package enum EpisodesGet: RPCMethod {
  /// The wire name.
  package static let name = "episodes.get"
  /// `[id]` is accepted too.
  package static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?}`.
  package typealias Params = UniverseIDParams

  /// A character named in the episode's list.
  package struct Mention: Codable, Sendable, Equatable {
    /// The name as the source lists it.
    package var name: String
    /// The character it links to, or null for a name that links to none.
    @EncodedAsNull package var characterId: Int?
    /// That character's own name, or null.
    @EncodedAsNull package var characterName: String?
  }

  /// The characters added to the episode record.
  package struct Characters: Codable, Sendable, Equatable {
    /// The characters, in the source's order.
    package var characters: [Mention]
  }

  /// The episode record's fields and `characters`, in one object.
  package typealias Result = Merged<EpisodeRecord, Characters>
}

extension FanService {
  /// Registers the `episodes.*` methods.
  func registerEpisodeMethods(into router: inout MethodRouter) {
    let stores = catalogStores
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
