import FanCore
import FanProtocol
import FoundationEssentials
import JSON
import JSONRPC

extension CharactersList: RPCMethod {}

extension CharactersFilter: RPCMethod {
  /// Expensive when it matches long text (a name, a species, a type, a gender).
  package static func isExpensive(_ params: JSONValue?) -> Bool {
    SearchCost.isExpensive(params, text: ["name", "species", "type", "gender"])
  }
}

extension CharactersGet: RPCMethod {
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState
}

extension CharactersExport: RPCMethod {
  /// It may wait on the network for the card's image; progress and cancellation apply.
  package static let isLongRunning = true
}

extension CharactersList.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension CharactersFilter.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension CharactersFilter.Params {
  /// The domain query.
  var query: CharacterQuery {
    CharacterQuery(
      status: status.flatMap(StatusFilter.init), seasons: seasons ?? [], name: name,
      series: series, species: species, type: type, gender: gender)
  }
}

extension FanService {
  /// Registers the `characters.*` methods.
  func registerCharacterMethods(into router: inout MethodRouter) {
    let stores = servedCatalogs
    router.register(CharactersList.self) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: catalog.characters(in: params.series), method: CharactersList.name, params: params,
        catalog: loaded.identity)
      let characters = page.records.map { CharacterRecord($0, in: catalog) }
      guard params.groupBy != nil else {
        return CharactersList.Result(
          characters: characters, total: page.total, nextCursor: page.nextCursor)
      }
      var groups: [CharactersList.Group] = []
      for character in characters {
        let first = TextFolding.fold(character.name).first.map { String($0).uppercased() } ?? "#"
        let initial = first.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } ? first : "#"
        if let index = groups.firstIndex(where: { $0.initial == initial }) {
          groups[index].characters.append(character)
        } else {
          groups.append(.init(initial: initial, characters: [character]))
        }
      }
      groups.sort {
        ($0.initial == "#" ? "~" : $0.initial) < ($1.initial == "#" ? "~" : $1.initial)
      }
      return CharactersList.Result(groups: groups, total: page.total, nextCursor: page.nextCursor)
    }
    router.register(CharactersFilter.self, readyResult: nil) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: try catalog.characters(matching: params.query), method: CharactersFilter.name,
        params: params, catalog: loaded.identity)
      let records = page.records.map { CharacterRecord($0, in: catalog) }
      return try DirectRecords.value(
        DirectRecords.charactersFilterResult(
          records, total: page.total, nextCursor: page.nextCursor),
        else: CharactersFilter.Result(
          characters: records, total: page.total, nextCursor: page.nextCursor))
    }
    let exporter = CharacterExporter(
      dataDirectory: configuration.dataDirectory, images: images, universes: stores.universeList)
    router.register(CharactersExport.self) { params, context in
      let catalog = try stores.loaded(universe: params.universe).catalog
      let record = CharacterRecord(try catalog.character(id: params.id), in: catalog)
      let exported = try await exporter.export(record, format: params.format) { step in
        context.reportProgress(
          Double(step.completed), total: Double(step.total), message: step.message)
      }
      return CharactersExport.Result(
        path: exported.path, mediaType: params.format.mediaType, bytes: exported.bytes.count,
        sha256: Hex.encode(SHA256.hash(exported.bytes)),
        content: params.inline == true ? Data(exported.bytes).base64EncodedString() : nil,
        warnings: exported.warnings.isEmpty ? nil : exported.warnings)
    }
    let accounts = self.accounts
    let unusable = answeringWithoutFavorites(CharactersGet.name)
    router.register(CharactersGet.self) { params, _ in
      let catalog = try stores.loaded(universe: params.universe).catalog
      let character = try catalog.character(id: params.id)
      let record = CharacterRecord(character, in: catalog)
      // A universe with quotes adds the character's quotes; one without, its episodes.
      guard stores.universeList.named(catalog.universe)?.hasQuotes == true else {
        let episodes = catalog.episodes(characterID: character.id).map {
          EpisodeRecord($0, universe: catalog.universe)
        }
        return CharactersGet.Result(record, .init(episodes: episodes))
      }
      let favorites = try await accounts.favoriteIDs(
        token: params.token, universe: catalog.universe, whenStorageUnusable: unusable)
      return CharactersGet.Result(
        record,
        .init(
          episodeCount: catalog.episodeCount(characterID: character.id),
          quotes: try catalog.quotes(characterID: character.id).map {
            QuoteRecord($0, favorites: favorites)
          }))
    }
  }
}
