/// `episodes.list`: every episode of a series (or of all), grouped by season.
public enum EpisodesList: WireMethod {
  /// The wire name.
  public static let name = "episodes.list"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// `{universe?, series?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    public var universe: UniverseID?
    /// Only this series; every series of the universe when absent.
    public var series: Series?

    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    public var cursor: String?

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, series: Series? = nil, limit: Int? = nil, cursor: String? = nil
    ) {
      self.universe = universe
      self.series = series
      self.limit = limit
      self.cursor = cursor
    }

    /// Decodes, ignoring an empty series.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
      series = try container.decodeSeries(forKey: .series, of: decoder.wireVocabulary)
    }

  }

  /// One season's episodes, by number.
  public struct Season: Codable, Sendable, Equatable {
    /// The series.
    public var series: Series
    /// The season number.
    public var season: Int
    /// Its episodes, by number.
    public var episodes: [EpisodeRecord]

    /// A value with these members.
    public init(series: Series, season: Int, episodes: [EpisodeRecord]) {
      self.series = series
      self.season = season
      self.episodes = episodes
    }
  }

  /// `{seasons: [...], total, nextCursor}`, in broadcast order; a season may continue on the
  /// next page.
  public struct Result: Codable, Sendable, Equatable {
    /// The seasons of the page's episodes, by series then number.
    public var seasons: [Season]
    /// The number of records in the whole list, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(seasons: [Season], total: Int, nextCursor: String? = nil) {
      self.seasons = seasons
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `episodes.filter`: the episodes that match every given field.
public enum EpisodesFilter: WireMethod {
  /// The wire name.
  public static let name = "episodes.filter"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams, .application(.notFound)]

  /// `{universe?, series?, season?, airedFrom?, airedTo?, characters?, name?, code?}`; empty
  /// fields are ignored.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe; the one `series` belongs to, or the default one, when absent.
    public var universe: UniverseID?
    /// Only this series.
    public var series: Series?
    /// Only this season.
    public var season: Int?
    /// Aired on or after this day.
    public var airedFrom: CalendarDate?
    /// Aired on or before this day.
    public var airedTo: CalendarDate?
    /// Any of these characters appears (ids or names).
    public var characters: [CharacterReferenceParam]?
    /// The title contains this, ignoring case and diacritics.
    public var name: String?
    /// The code contains this, ignoring case (`S01` is the first season).
    public var code: String?

    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    public var cursor: String?

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, series: Series? = nil, season: Int? = nil,
      airedFrom: CalendarDate? = nil, airedTo: CalendarDate? = nil,
      characters: [CharacterReferenceParam]? = nil, name: String? = nil, code: String? = nil,
      limit: Int? = nil, cursor: String? = nil
    ) {
      self.universe = universe
      self.series = series
      self.season = season
      self.airedFrom = airedFrom
      self.airedTo = airedTo
      self.characters = characters
      self.name = name
      self.code = code
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
      name = try container.decodeUnlessEmpty(String.self, forKey: .name)
      code = try container.decodeUnlessEmpty(String.self, forKey: .code)
      series = try container.decodeSeries(forKey: .series, of: decoder.wireVocabulary)
      season = try container.decodeUnlessEmpty(Int.self, forKey: .season)
      airedFrom = try container.decodeUnlessEmpty(CalendarDate.self, forKey: .airedFrom)
      airedTo = try container.decodeUnlessEmpty(CalendarDate.self, forKey: .airedTo)
      characters = try container.decodeUnlessEmpty(
        [CharacterReferenceParam].self, forKey: .characters)
    }
  }

  /// `{episodes: [...], total, nextCursor}`, in broadcast order.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's matching episodes.
    public var episodes: [EpisodeRecord]
    /// The number of records in the whole list, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(episodes: [EpisodeRecord], total: Int, nextCursor: String? = nil) {
      self.episodes = episodes
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `episodes.get`: one episode with its characters.
public enum EpisodesGet: WireMethod {
  /// The wire name.
  public static let name = "episodes.get"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.notFound), .invalidParams]
  /// `[id]` is accepted too.
  public static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?}`.
  public typealias Params = UniverseIDParams

  /// A character named in the episode's list.
  public struct Mention: Codable, Sendable, Equatable {
    /// The name as the source lists it.
    public var name: String
    /// The character it links to, or null for a name that links to none.
    @EncodedAsNull public var characterId: Int?
    /// That character's own name, or null.
    @EncodedAsNull public var characterName: String?

    /// A value with these members.
    public init(name: String, characterId: Int? = nil, characterName: String? = nil) {
      self.name = name
      self.characterId = characterId
      self.characterName = characterName
    }
  }

  /// The characters added to the episode record.
  public struct Characters: Codable, Sendable, Equatable {
    /// The characters, in the source's order.
    public var characters: [Mention]

    /// A value with these members.
    public init(characters: [Mention]) {
      self.characters = characters
    }
  }

  /// The episode record's fields and `characters`, in one object.
  public typealias Result = Merged<EpisodeRecord, Characters>
}
