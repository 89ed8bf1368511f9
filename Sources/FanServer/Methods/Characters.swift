import FanCore
import FoundationEssentials
import JSONRPC

/// `characters.list`: every character of a series (or of all), by name, optionally by initial.
package enum CharactersList: RPCMethod {
  /// The wire name.
  package static let name = "characters.list"

  /// `{universe?, series?, groupBy?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    package var universe: UniverseID?
    /// Only this series.
    package var series: Series?
    /// `initial` to group by the first letter of the name.
    package var groupBy: String?

    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    package var cursor: String?

    /// Decodes, ignoring empty fields; `groupBy` must be `initial`.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      series = try container.decodeSeries(forKey: .series, of: decoder.universes)
      groupBy = try container.decodeUnlessEmpty(String.self, forKey: .groupBy)
      if let groupBy, groupBy != "initial" {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.groupBy],
            debugDescription: "must be \"initial\" (or left out), not \"\(groupBy)\""))
      }
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
  }

  /// The characters whose names start with one letter.
  package struct Group: Codable, Sendable, Equatable {
    /// The letter, upper case without diacritics; `#` for names that start otherwise.
    package var initial: String
    /// The characters, by name.
    package var characters: [CharacterRecord]
  }

  /// `{characters: [...]}`, or `{groups: [...]}` with `groupBy: "initial"`.
  package struct Result: Codable, Sendable, Equatable {
    /// The characters by name (without grouping).
    package var characters: [CharacterRecord]?
    /// The groups by initial (with grouping).
    package var groups: [Group]?
    /// The number of records in the whole list, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `characters.filter`: the characters that match every given field.
package enum CharactersFilter: RPCMethod {
  /// The wire name.
  package static let name = "characters.filter"

  /// `{universe?, status?, seasons?, name?, series?, species?, type?, gender?}`; empty fields
  /// are ignored.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    package var universe: UniverseID?
    /// `alive`, or `deceased` (presumed dead counts as deceased).
    package var status: String?
    /// Appears in any of these seasons of `series` (Breaking Bad by default).
    package var seasons: [Int]?
    /// Name or nickname contains this, ignoring case and diacritics.
    package var name: String?
    /// Appears in this series; also the series `seasons` refers to.
    package var series: Series?
    /// The species contains this, ignoring case and diacritics.
    package var species: String?
    /// The type contains this, ignoring case and diacritics.
    package var type: String?
    /// The gender is this, ignoring case.
    package var gender: String?

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
      species = try container.decodeUnlessEmpty(String.self, forKey: .species)
      type = try container.decodeUnlessEmpty(String.self, forKey: .type)
      gender = try container.decodeUnlessEmpty(String.self, forKey: .gender)
      status = try container.decodeUnlessEmpty(String.self, forKey: .status)
      if let status, StatusFilter(rawValue: status) == nil {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.status],
            debugDescription:
              "must be alive, deceased, presumed-dead or unknown, not \"\(status)\""))
      }
      seasons = try container.decodeUnlessEmpty([Int].self, forKey: .seasons)
      name = try container.decodeUnlessEmpty(String.self, forKey: .name)
      series = try container.decodeSeries(forKey: .series, of: decoder.universes)
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }

    /// The domain query.
    var query: CharacterQuery {
      CharacterQuery(
        status: status.flatMap(StatusFilter.init), seasons: seasons ?? [], name: name,
        series: series, species: species, type: type, gender: gender)
    }
  }

  /// `{characters: [...], total, nextCursor}`, by name.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's matching characters.
    package var characters: [CharacterRecord]
    /// The number of records in the whole list, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `characters.get`: one character with the number of episodes and the quotes.
package enum CharactersGet: RPCMethod {
  /// The wire name.
  package static let name = "characters.get"
  /// `[id]` is accepted too.
  package static let positionalParameters: [String]? = ["id"]
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState

  /// `{id, universe?, token?}`.
  package typealias Params = UniverseIDTokenParams

  /// The fields added to the character record: `episodeCount` and `quotes` for a Breaking Bad
  /// character, `episodes` for a Rick and Morty one (whose record has `episodeCount` already).
  package struct Details: Codable, Sendable, Equatable {
    /// How many episodes list the character.
    package var episodeCount: Int?
    /// The character's quotes, by id.
    package var quotes: [QuoteRecord]?
    /// The episodes the character appears in, in broadcast order.
    package var episodes: [EpisodeRecord]?
  }

  /// The character record's fields and its details, in one object.
  package typealias Result = Merged<CharacterRecord, Details>
}

/// `characters.export`: a character as a CSV file or a PDF card in `DATA_DIR/exports/`.
package enum CharactersExport: RPCMethod {
  /// The wire name.
  package static let name = "characters.export"
  /// It may wait on the network for the card's image; progress and cancellation apply.
  package static let isLongRunning = true

  /// `{id, format, universe?, inline?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The character's id.
    package var id: Int
    /// `csv` or `pdf`.
    package var format: ExportFormat
    /// The universe whose ids `id` is among; the default one when absent.
    package var universe: UniverseID?
    /// Whether the reply carries the file itself, in base64, as `content`.
    package var inline: Bool?

    /// Decodes; an unknown universe or format is an error naming those that exist.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      let text = try container.decode(String.self, forKey: .format)
      guard let format = ExportFormat(rawValue: text) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.format],
            debugDescription: "must be csv or pdf, not \"\(text)\""))
      }
      self.format = format
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      inline = try container.decodeIfPresent(Bool.self, forKey: .inline)
    }
  }

  /// Where the file is and what it is.
  package struct Result: Codable, Sendable, Equatable {
    /// The file's absolute path.
    package var path: String
    /// `text/csv` or `application/pdf`.
    package var mediaType: String
    /// The file's size in bytes.
    package var bytes: Int
    /// The SHA-256 of the file, 64 hex digits.
    package var sha256: String
    /// The file in plain base64, when `inline` was true.
    package var content: String?
    /// What could not be done as asked (a placeholder instead of the image, and why); absent
    /// when nothing.
    package var warnings: [String]?
  }
}

extension FanService {
  /// Registers the `characters.*` methods.
  func registerCharacterMethods(into router: inout MethodRouter) {
    let stores = catalogStores
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
    router.register(CharactersFilter.self) { params, _ in
      let loaded = try stores.loaded(universe: params.universe, series: params.series)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: try catalog.characters(matching: params.query), method: CharactersFilter.name,
        params: params, catalog: loaded.identity)
      return CharactersFilter.Result(
        characters: page.records.map { CharacterRecord($0, in: catalog) }, total: page.total,
        nextCursor: page.nextCursor)
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
