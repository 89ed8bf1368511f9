/// `favorites.toggle`: adds a quote to the user's favourites, or removes it; with `favorite`,
/// makes it that state.
public enum FavoritesToggle: WireMethod {
  /// The wire name.
  public static let name = "favorites.toggle"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized), .application(.notFound)]

  /// `{quoteId, favorite?, universe?, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The quote.
    public var quoteId: Int
    /// The state to set (a repeated request changes nothing more); toggles when left out.
    public var favorite: Bool?
    /// The universe whose ids `quoteId` is among; the default one when absent.
    public var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    public var token: String?

    /// A value with these members.
    public init(
      quoteId: Int, favorite: Bool? = nil, universe: UniverseID? = nil, token: String? = nil
    ) {
      self.quoteId = quoteId
      self.favorite = favorite
      self.universe = universe
      self.token = token
    }

    /// Decodes; an unknown universe is an error naming those that exist.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      quoteId = try container.decode(Int.self, forKey: .quoteId)
      favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The new state and the quote's favourite count across all users.
  public struct Result: Codable, Sendable, Equatable {
    /// The quote.
    public var quoteId: Int
    /// Whether it is now a favourite.
    public var isFavorite: Bool
    /// How many users have it among their favourites now.
    public var favoriteCount: Int

    /// A value with these members.
    public init(quoteId: Int, isFavorite: Bool, favoriteCount: Int) {
      self.quoteId = quoteId
      self.isFavorite = isFavorite
      self.favoriteCount = favoriteCount
    }
  }
}

/// `favorites.list`: the user's favourite quotes ("your quotes"), newest first.
public enum FavoritesList: WireMethod {
  /// The wire name.
  public static let name = "favorites.list"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.application(.unauthorized)]

  /// `{universe?, token?, limit?, cursor?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe whose favourites to list; the default one when absent.
    public var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    public var token: String?
    /// The most records a page holds; the whole list when absent.
    public var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page.
    public var cursor: String?

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, token: String? = nil, limit: Int? = nil, cursor: String? = nil
    ) {
      self.universe = universe
      self.token = token
      self.limit = limit
      self.cursor = cursor
    }

    /// Decodes; `limit` must be from 1 to `PageRequest.maxLimit`.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      token = try container.decodeIfPresent(String.self, forKey: .token)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
    }

  }

  /// `{quotes: [...], total, nextCursor}`, newest first.
  public struct Result: Codable, Sendable, Equatable {
    /// The page's quotes, each with `isFavorite` true.
    public var quotes: [QuoteRecord]
    /// The number of favourites in all, on every page.
    public var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull public var nextCursor: String?

    /// A value with these members.
    public init(quotes: [QuoteRecord], total: Int, nextCursor: String? = nil) {
      self.quotes = quotes
      self.total = total
      self.nextCursor = nextCursor
    }
  }
}

/// `favorites.top`: the quotes most users have among their favourites.
public enum FavoritesTop: WireMethod {
  /// The wire name.
  public static let name = "favorites.top"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams, .application(.unauthorized)]

  /// `{limit?, universe?, token?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// How many quotes, 1 to 100; 3 by default.
    public var limit: Int
    /// The universe whose quotes to rank; the default one when absent.
    public var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    public var token: String?

    /// A value with these members.
    public init(limit: Int = 3, universe: UniverseID? = nil, token: String? = nil) {
      self.limit = limit
      self.universe = universe
      self.token = token
    }

    /// Decodes, with `limit` 3 when left out.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? 3
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
      token = try container.decodeIfPresent(String.self, forKey: .token)
      guard (1...100).contains(limit) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.limit],
            debugDescription: "must be from 1 to 100, not \(limit)"))
      }
    }
  }

  /// `{quotes: [...]}`: count descending, ties by quote id.
  public struct Result: Codable, Sendable, Equatable {
    /// The quotes, with `favoriteCount` and the user's `isFavorite`.
    public var quotes: [QuoteRecord]

    /// A value with these members.
    public init(quotes: [QuoteRecord]) {
      self.quotes = quotes
    }
  }
}

/// `favorites.changed`: the notification a connection subscribed to favourites gets after a
/// change of a quote's favourite count was committed, by anyone.
public enum FavoritesChanged {
  /// The wire name.
  public static let name = "favorites.changed"

  /// `{universe, quoteId, favoriteCount, top?}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The quote's universe.
    public var universe: UniverseID
    /// The quote.
    public var quoteId: Int
    /// How many users have it among their favourites now.
    public var favoriteCount: Int
    /// The universe's Top 3 as `favorites.top` gives it, without `isFavorite`; present only when
    /// it changed.
    public var top: [QuoteRecord]?

    /// A value with these members.
    public init(universe: UniverseID, quoteId: Int, favoriteCount: Int, top: [QuoteRecord]? = nil) {
      self.universe = universe
      self.quoteId = quoteId
      self.favoriteCount = favoriteCount
      self.top = top
    }
  }
}
