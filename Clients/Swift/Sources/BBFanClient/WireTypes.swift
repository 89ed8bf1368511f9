import Foundation

/// `breaking-bad`, `better-call-saul` or `rick-and-morty`.
public struct Series: RawRepresentable, Codable, Sendable, Hashable {
  /// The wire name.
  public var rawValue: String

  /// The series with this wire name, known to this client or not: any wire name
  /// decodes (as a string, with the standard library's `Codable` for raw values), never fails.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Breaking Bad.
  public static let breakingBad = Series(rawValue: "breaking-bad")
  /// Better Call Saul.
  public static let betterCallSaul = Series(rawValue: "better-call-saul")
  /// Rick and Morty.
  public static let rickAndMorty = Series(rawValue: "rick-and-morty")
}

/// An episode.
public struct Episode: Codable, Sendable, Hashable {
  /// The id.
  public var id: Int
  /// The title.
  public var title: String
  /// The series.
  public var series: Series
  /// The season number.
  public var season: Int
  /// The number within the season.
  public var episode: Int
  /// `YYYY-MM-DD`.
  public var airDate: String
  /// The universe (`breaking-bad`, `rick-and-morty`).
  public var universe: String?
  /// The source's code (`S01E01`), for Rick and Morty.
  public var code: String?
  /// The fields the episode's universe adds (none for the two the service ships), by name.
  public var extra: [String: FieldValue] = [:]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, title, series, season, episode, airDate, universe, code
  }

  /// Decodes the record, and its universe's fields into `extra`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    series = try container.decode(Series.self, forKey: .series)
    season = try container.decode(Int.self, forKey: .season)
    episode = try container.decode(Int.self, forKey: .episode)
    airDate = try container.decode(String.self, forKey: .airDate)
    universe = try container.decodeIfPresent(String.self, forKey: .universe)
    code = try container.decodeIfPresent(String.self, forKey: .code)
    extra = try decoder.universeFields(
      excluding: CodingKeys.allCases.map(\.rawValue) + ["characters"])
  }

  /// Encodes the record and its universe's fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(series, forKey: .series)
    try container.encode(season, forKey: .season)
    try container.encode(episode, forKey: .episode)
    try container.encode(airDate, forKey: .airDate)
    try container.encodeIfPresent(universe, forKey: .universe)
    try container.encodeIfPresent(code, forKey: .code)
    try encoder.encodeUniverseFields(extra)
  }
}

/// One season's episodes.
public struct Season: Codable, Sendable, Hashable {
  /// The series.
  public var series: Series
  /// The season number.
  public var season: Int
  /// The episodes, by number.
  public var episodes: [Episode]
}

/// An episode with its characters.
public struct EpisodeDetails: Codable, Sendable, Hashable {
  /// A character named in the episode's list.
  public struct Mention: Codable, Sendable, Hashable {
    /// The name as listed.
    public var name: String
    /// The linked character, if the name resolves.
    public var characterId: Int?
    /// That character's own name.
    public var characterName: String?
  }

  /// The episode's fields.
  public var episode: Episode
  /// Its characters.
  public var characters: [Mention]

  private enum Keys: String, CodingKey { case characters }

  /// Decodes the flat object.
  public init(from decoder: any Decoder) throws {
    episode = try Episode(from: decoder)
    characters = try decoder.container(keyedBy: Keys.self).decode(
      [Mention].self, forKey: .characters)
  }

  /// Encodes the flat object.
  public func encode(to encoder: any Encoder) throws {
    try episode.encode(to: encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(characters, forKey: .characters)
  }
}

/// A character.
public struct Character: Codable, Sendable, Hashable {
  /// Season numbers per series, for the series of any universe.
  public struct Appearances: Codable, Sendable, Hashable {
    /// The seasons of each series, by the series' wire name.
    public var seasons: [String: [Int]]

    /// Breaking Bad seasons.
    public var breakingBad: [Int] { seasons[Series.breakingBad.rawValue] ?? [] }
    /// Better Call Saul seasons.
    public var betterCallSaul: [Int] { seasons[Series.betterCallSaul.rawValue] ?? [] }

    /// Decodes one member per series, whichever series.
    public init(from decoder: any Decoder) throws {
      seasons = try decoder.singleValueContainer().decode([String: [Int]].self)
    }

    /// Encodes one member per series.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(seasons)
    }
  }

  /// The id.
  public var id: Int
  /// The full name.
  public var name: String
  /// The nickname.
  public var nickname: String
  /// `YYYY-MM-DD`, or nil.
  public var birthday: String?
  /// The occupations.
  public var occupations: [String]
  /// `alive`, `deceased`, `presumed-dead` or `unknown`.
  public var status: String
  /// The image URL.
  public var imageURL: String
  /// The actor.
  public var portrayedBy: String
  /// The series.
  public var series: [Series]
  /// Seasons per series.
  public var appearances: Appearances
  /// The fields the character's universe adds (none for the two the service ships), by name.
  public var extra: [String: FieldValue] = [:]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, name, nickname, birthday, occupations, status, imageURL, portrayedBy, series
    case appearances
  }

  /// Decodes the record, and its universe's fields into `extra`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    nickname = try container.decode(String.self, forKey: .nickname)
    birthday = try container.decodeIfPresent(String.self, forKey: .birthday)
    occupations = try container.decode([String].self, forKey: .occupations)
    status = try container.decode(String.self, forKey: .status)
    imageURL = try container.decode(String.self, forKey: .imageURL)
    portrayedBy = try container.decode(String.self, forKey: .portrayedBy)
    series = try container.decode([Series].self, forKey: .series)
    appearances = try container.decode(Appearances.self, forKey: .appearances)
    extra = try decoder.universeFields(
      excluding: CodingKeys.allCases.map(\.rawValue) + ["universe", "episodeCount", "quotes"])
  }

  /// Encodes the record and its universe's fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(nickname, forKey: .nickname)
    try container.encode(birthday, forKey: .birthday)
    try container.encode(occupations, forKey: .occupations)
    try container.encode(status, forKey: .status)
    try container.encode(imageURL, forKey: .imageURL)
    try container.encode(portrayedBy, forKey: .portrayedBy)
    try container.encode(series, forKey: .series)
    try container.encode(appearances, forKey: .appearances)
    try encoder.encodeUniverseFields(extra)
  }
}

/// A quote.
public struct Quote: Codable, Sendable, Hashable {
  /// The id.
  public var id: Int
  /// The words.
  public var text: String
  /// The author as the source wrote it.
  public var author: String
  /// The character the author resolves to.
  public var characterId: Int?
  /// The series.
  public var series: Series
  /// Whether the signed-in user has it among their favourites (nil when nobody is signed in).
  public var isFavorite: Bool?
  /// How many users have it among their favourites (where given).
  public var favoriteCount: Int?
  /// The fields the quote's universe adds (none for the two the service ships), by name.
  public var extra: [String: FieldValue] = [:]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, text, author, characterId, series, isFavorite, favoriteCount
  }

  /// Decodes the record, and its universe's fields into `extra`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    text = try container.decode(String.self, forKey: .text)
    author = try container.decode(String.self, forKey: .author)
    characterId = try container.decodeIfPresent(Int.self, forKey: .characterId)
    series = try container.decode(Series.self, forKey: .series)
    isFavorite = try container.decodeIfPresent(Bool.self, forKey: .isFavorite)
    favoriteCount = try container.decodeIfPresent(Int.self, forKey: .favoriteCount)
    extra = try decoder.universeFields(excluding: CodingKeys.allCases.map(\.rawValue))
  }

  /// Encodes the record and its universe's fields.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(text, forKey: .text)
    try container.encode(author, forKey: .author)
    try container.encode(characterId, forKey: .characterId)
    try container.encode(series, forKey: .series)
    try container.encodeIfPresent(isFavorite, forKey: .isFavorite)
    try container.encodeIfPresent(favoriteCount, forKey: .favoriteCount)
    try encoder.encodeUniverseFields(extra)
  }
}

/// A character with the number of episodes and the quotes.
public struct CharacterDetails: Codable, Sendable, Hashable {
  /// The character's fields.
  public var character: Character
  /// How many episodes list the character.
  public var episodeCount: Int
  /// The character's quotes.
  public var quotes: [Quote]

  private enum Keys: String, CodingKey { case episodeCount, quotes }

  /// Decodes the flat object.
  public init(from decoder: any Decoder) throws {
    character = try Character(from: decoder)
    let container = try decoder.container(keyedBy: Keys.self)
    episodeCount = try container.decode(Int.self, forKey: .episodeCount)
    quotes = try container.decode([Quote].self, forKey: .quotes)
  }

  /// Encodes the flat object.
  public func encode(to encoder: any Encoder) throws {
    try character.encode(to: encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(episodeCount, forKey: .episodeCount)
    try container.encode(quotes, forKey: .quotes)
  }
}

/// A user.
public struct User: Codable, Sendable, Hashable {
  /// The id.
  public var id: Int
  /// The username.
  public var username: String
}

/// A signed-in user and the session's token.
public struct SignedIn: Codable, Sendable, Hashable {
  /// The user.
  public var user: User
  /// The token; pass it to act for this user from another process.
  public var token: String
}

/// An account signed in on the service's data directory (`auth.accounts`).
public struct SignedInAccount: Codable, Sendable, Hashable {
  /// The username.
  public var username: String
  /// Whether requests without a token act for it.
  public var current: Bool
  /// When it signed in there (ISO 8601, UTC).
  public var signedInAt: String
  /// Its profile's display name, or nil (as `profile()` answers it).
  public var displayName: String?
  /// Its profile's photo, or nil (as `profile()` answers it).
  public var photo: Photo?
}

/// What `auth.checkPassword` says of a password.
public struct PasswordCheck: Codable, Sendable, Hashable {
  /// A password rule broken.
  public struct Problem: Codable, Sendable, Hashable {
    /// The rule's stable id, such as `min-length` (as in `auth.register`'s `data.rules`).
    public var rule: String
    /// What the password needs, such as `at least 8 characters`.
    public var problem: String
  }

  /// True when the password breaks no rule.
  public var ok: Bool
  /// Each rule broken, in a fixed order.
  public var problems: [Problem]
  /// Every rule in the same order, met or not, for a form that shows them all.
  public var rules: [Rule]

  /// A password rule and whether the password meets it.
  public struct Rule: Codable, Sendable, Hashable {
    /// The rule's stable id, such as `min-length`.
    public var rule: String
    /// What the rule asks for, such as `at least 8 characters`.
    public var problem: String
    /// Whether the password meets it.
    public var met: Bool
  }
}

/// The result of toggling a favourite.
public struct FavoriteToggle: Codable, Sendable, Hashable {
  /// The quote.
  public var quoteId: Int
  /// Whether it is now a favourite.
  public var isFavorite: Bool
  /// How many users have it among their favourites.
  public var favoriteCount: Int
}

/// The quotes scene.
public struct QuotesOverview: Codable, Sendable, Hashable {
  /// The top favourites (nil when empty).
  public var top: [Quote]?
  /// The user's favourites (nil when empty).
  public var yours: [Quote]?
  /// A random quote.
  public var random: Quote?
}

/// What the service is.
public struct ServiceInfo: Codable, Sendable, Hashable {
  /// The catalog being served.
  public struct Catalog: Codable, Sendable, Hashable {
    /// `embedded` or the source URL.
    public var source: String
    /// Episodes.
    public var episodes: Int
    /// Characters.
    public var characters: Int
    /// Quotes.
    public var quotes: Int
    /// When the catalog was fetched from the live source (ISO 8601), or nil for the embedded one.
    public var refreshedAt: String?
    /// The live source `catalog.refresh` fetches from, or nil.
    public var liveSource: String?
  }

  /// One universe's catalog.
  public struct Universe: Codable, Sendable, Hashable {
    /// `breaking-bad` or `rick-and-morty`.
    public var universe: String
    /// `embedded` or the source URL.
    public var source: String
    /// When the catalog was fetched from the live source (ISO 8601), or nil for the embedded one.
    public var refreshedAt: String?
    /// The live source this universe's `catalog.refresh` fetches from, or nil.
    public var liveSource: String?
    /// The size of each of its lists.
    public var counts: CatalogRefresh.Counts
  }

  /// `bbfan`.
  public var name: String
  /// The version.
  public var version: String
  /// The data directory.
  public var dataDirectory: String
  /// The default universe's catalog (Breaking Bad).
  public var catalog: Catalog
  /// Every universe served, the default first.
  public var universes: [Universe]
}

/// What `catalog.refresh` did.
public struct CatalogRefresh: Codable, Sendable, Hashable {
  /// The size of a catalog: a count for each list its universe has.
  public struct Counts: Codable, Sendable, Hashable {
    /// Episodes.
    public var episodes: Int
    /// Characters.
    public var characters: Int
    /// Quotes (Breaking Bad).
    public var quotes: Int?
    /// Locations (Rick and Morty).
    public var locations: Int?
  }

  /// One body's fate: a whole list, or one page of it.
  public struct Resource: Codable, Sendable, Hashable {
    /// `characters`, `episodes`, `quotes` or `locations`.
    public var name: String
    /// Where it was fetched from.
    public var url: String
    /// Which page of the list, for an API that pages its lists.
    public var page: Int?
    /// `fetched`, or `not-modified` when the saved copy was current.
    public var status: String
    /// The size of the body in use.
    public var bytes: Int
  }

  /// The universe refreshed, when the call named one.
  public var universe: String?
  /// The live source's base URL.
  public var source: String
  /// When the refresh completed (ISO 8601).
  public var refreshedAt: String
  /// Whether it replaced the catalog in use.
  ///
  /// When it did, `catalog.changed` follows on `notifications`; false when every body was one
  /// the catalog in use was made from (its page cursors stay).
  public var changed: Bool
  /// The catalog now served.
  public var counts: Counts
  /// Each body, in the order fetched.
  public var resources: [Resource]
  /// Records the mapping adjusted or left out.
  public var problems: [String]
}

/// A file `characters.export` wrote.
public struct ExportedFile: Codable, Sendable, Hashable {
  /// The file's absolute path, on the service's machine.
  public var path: String
  /// `text/csv` or `application/pdf`.
  public var mediaType: String
  /// The file's size in bytes.
  public var bytes: Int
  /// Its SHA-256, 64 hex digits.
  public var sha256: String
  /// The file in base64, when asked for with `inline`.
  public var content: String?
  /// What could not be done as asked (such as a placeholder for a missing image).
  public var warnings: [String]?

  /// The file's bytes, when the reply carries them.
  public var data: Data? { content.flatMap { Data(base64Encoded: $0) } }
}

/// An image in the service's on-disk cache (`images.fetch`).
public struct CachedImage: Codable, Sendable, Hashable {
  /// The URL asked for.
  public var url: String
  /// The absolute path of the cached file.
  public var path: String
  /// The MIME type, such as `image/jpeg`.
  public var mimeType: String
  /// The file's size in bytes.
  public var bytes: Int
  /// `downloaded`, `revalidated`, `cached` (the host was not asked) or `stale`.
  public var freshness: String
  /// When it was downloaded or last confirmed (ISO 8601).
  public var fetchedAt: String
  /// The server's ETag, if any.
  public var etag: String?
  /// The server's Last-Modified, if any.
  public var lastModified: String?
  /// Why the copy is stale, if it is.
  public var warning: String?
  /// The image in plain base64, when it was asked for `inline`.
  public var content: String?

  /// The image's bytes, when the reply carries them.
  public var data: Data? { content.flatMap { Data(base64Encoded: $0) } }
}
