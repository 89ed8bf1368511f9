import JSON

/// `characters.list`: every character of a series (or of all), by name, optionally by initial.
public enum CharactersList: WireMethod {
  /// The wire name.
  public static let name = "characters.list"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{universe?, series?, groupBy?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    public var universe: UniverseID?
    /// Only this series.
    public var series: Series?
    /// `initial` to group by the first letter of the name.
    public var groupBy: String?

    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    public var cursor: String?

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, series: Series? = nil, groupBy: String? = nil, limit: Int? = nil,
      cursor: String? = nil
    ) {
      self.universe = universe
      self.series = series
      self.groupBy = groupBy
      self.limit = limit
      self.cursor = cursor
    }

    /// Decodes, ignoring empty fields; `groupBy` must be `initial`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      series = try container.decodeSeries(forKey: .series, of: decoder.wireVocabulary)
      groupBy = try container.decodeUnlessEmpty(String.self, forKey: .groupBy)
      if let groupBy, groupBy != "initial" {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.groupBy],
            debugDescription: "must be \"initial\" (or left out), not \(BriefQuote.quoted(groupBy))"
          ))
      }
    }

  }

  /// The characters whose names start with one letter.
  public struct Group: Codable, Sendable, Equatable {
    /// The letter, upper case without diacritics; `#` for names that start otherwise.
    public var initial: String
    /// The characters, by name.
    public var characters: [CharacterRecord]

    /// A value with these members.
    public init(initial: String, characters: [CharacterRecord]) {
      self.initial = initial
      self.characters = characters
    }
  }

  /// `{characters: [...]}`, or `{groups: [...]}` with `groupBy: "initial"`.
  public struct Result: Codable, Sendable, Equatable {
    /// The characters by name (without grouping).
    public var characters: [CharacterRecord]?
    /// The groups by initial (with grouping).
    public var groups: [Group]?
    /// The number of records in the whole list, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(
      characters: [CharacterRecord]? = nil, groups: [Group]? = nil, total: Int,
      nextCursor: String? = nil
    ) {
      self.characters = characters
      self.groups = groups
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `characters.filter`: the characters that match every given field.
public enum CharactersFilter: WireMethod {
  /// The wire name.
  public static let name = "characters.filter"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{universe?, status?, seasons?, name?, series?, species?, type?, gender?}`; empty fields
  /// are ignored.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    public var universe: UniverseID?
    /// `alive`, or `deceased` (presumed dead counts as deceased).
    public var status: String?
    /// Appears in any of these seasons of `series` (Breaking Bad by default).
    public var seasons: [Int]?
    /// Name or nickname contains this, ignoring case and diacritics.
    public var name: String?
    /// Appears in this series; also the series `seasons` refers to.
    public var series: Series?
    /// The species contains this, ignoring case and diacritics.
    public var species: String?
    /// The type contains this, ignoring case and diacritics.
    public var type: String?
    /// The gender is this, ignoring case.
    public var gender: String?

    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    public var cursor: String?

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, status: String? = nil, seasons: [Int]? = nil,
      name: String? = nil, series: Series? = nil, species: String? = nil, type: String? = nil,
      gender: String? = nil, limit: Int? = nil, cursor: String? = nil
    ) {
      self.universe = universe
      self.status = status
      self.seasons = seasons
      self.name = name
      self.series = series
      self.species = species
      self.type = type
      self.gender = gender
      self.limit = limit
      self.cursor = cursor
    }

    /// Decodes, ignoring absent, null and empty fields.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      species = try container.decodeUnlessEmpty(String.self, forKey: .species)
      type = try container.decodeUnlessEmpty(String.self, forKey: .type)
      gender = try container.decodeUnlessEmpty(String.self, forKey: .gender)
      status = try container.decodeUnlessEmpty(String.self, forKey: .status)
      if let status, !CharacterStatus(rawValue: status).isKnown {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.status],
            debugDescription:
              "must be alive, deceased, presumed-dead or unknown, not \(BriefQuote.quoted(status))")
        )
      }
      seasons = try container.decodeUnlessEmpty([Int].self, forKey: .seasons)
      name = try container.decodeUnlessEmpty(String.self, forKey: .name)
      series = try container.decodeSeries(forKey: .series, of: decoder.wireVocabulary)
    }
  }

  /// `{characters: [...], total, nextCursor}`, by name.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's matching characters.
    public var characters: [CharacterRecord]
    /// The number of records in the whole list, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(characters: [CharacterRecord], total: Int, nextCursor: String? = nil) {
      self.characters = characters
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `characters.get`: one character with the number of episodes and the quotes.
public enum CharactersGet: WireMethod {
  /// The wire name.
  public static let name = "characters.get"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .application(.unauthorized)]
  /// `[id]` is accepted too.
  public static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?, token?}`.
  public typealias Params = UniverseIDTokenParams

  /// The fields added to the character record: `episodeCount` and `quotes` for a Breaking Bad
  /// character, `episodes` for a Rick and Morty one (whose record has `episodeCount` already).
  public struct Details: Codable, Sendable, Equatable {
    /// How many episodes list the character.
    public var episodeCount: Int?
    /// The character's quotes, by id.
    public var quotes: [QuoteRecord]?
    /// The episodes the character appears in, in broadcast order.
    public var episodes: [EpisodeRecord]?

    /// A value with these members.
    public init(
      episodeCount: Int? = nil, quotes: [QuoteRecord]? = nil, episodes: [EpisodeRecord]? = nil
    ) {
      self.episodeCount = episodeCount
      self.quotes = quotes
      self.episodes = episodes
    }
  }

  /// The character record's fields and its details, in one object.
  public typealias Result = Merged<CharacterRecord, Details>
}

/// `characters.export`: a character as a CSV file or a PDF card in `DATA_DIR/exports/`.
public enum CharactersExport: WireMethod {
  /// The wire name.
  public static let name = "characters.export"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .invalidParams]

  /// `{id, format, universe?, inline?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The character's id.
    public var id: Int
    /// `csv` or `pdf`.
    public var format: ExportFormat
    /// The universe whose ids `id` is among; the default one when absent.
    public var universe: UniverseID?
    /// Whether the reply carries the file itself, in base64, as `content`.
    public var inline: Bool?

    /// A value with these members.
    public init(id: Int, format: ExportFormat, universe: UniverseID? = nil, inline: Bool? = nil) {
      self.id = id
      self.format = format
      self.universe = universe
      self.inline = inline
    }

    /// Decodes; an unknown universe or format is an error naming those that exist.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      let text = try container.decode(String.self, forKey: .format)
      guard let format = ExportFormat(rawValue: text) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.format],
            debugDescription: "must be csv or pdf, not \(BriefQuote.quoted(text))"))
      }
      self.format = format
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      inline = try container.decodeIfPresent(Bool.self, forKey: .inline)
    }
  }

  /// Where the file is and what it is.
  public struct Result: Codable, Sendable, Equatable {
    /// The file's absolute path.
    public var path: String
    /// `text/csv` or `application/pdf`.
    public var mediaType: String
    /// The file's size in bytes.
    public var bytes: Int
    /// The SHA-256 of the file, 64 hex digits.
    public var sha256: String
    /// The file in plain base64, when `inline` was true.
    public var content: String?
    /// What could not be done as asked (a placeholder instead of the image, and why); absent
    /// when nothing.
    public var warnings: [String]?

    /// A value with these members.
    public init(
      path: String, mediaType: String, bytes: Int, sha256: String, content: String? = nil,
      warnings: [String]? = nil
    ) {
      self.path = path
      self.mediaType = mediaType
      self.bytes = bytes
      self.sha256 = sha256
      self.content = content
      self.warnings = warnings
    }
  }
}
