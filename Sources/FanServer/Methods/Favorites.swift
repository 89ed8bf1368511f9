import FanCore
import FanStorage
import JSONRPC

/// `favorites.toggle`: adds a quote to the user's favourites, or removes it; with `favorite`,
/// makes it that state.
package enum FavoritesToggle: RPCMethod {
  /// The wire name.
  package static let name = "favorites.toggle"
  /// Changes the user's favourites; toggles queued together are written in one transaction,
  /// each in a savepoint of its own, and answered once it has committed.
  package static let scheduling = Scheduling.userStateSharingCommit

  /// `{quoteId, favorite?, universe?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The quote.
    package var quoteId: Int
    /// The state to set (a repeated request changes nothing more); toggles when left out.
    package var favorite: Bool?
    /// The universe whose ids `quoteId` is among; the default one when absent.
    package var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    package var token: String?

    /// Decodes; an unknown universe is an error naming those that exist.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      quoteId = try container.decode(Int.self, forKey: .quoteId)
      favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The new state and the quote's favourite count across all users.
  package struct Result: Codable, Sendable, Equatable {
    /// The quote.
    package var quoteId: Int
    /// Whether it is now a favourite.
    package var isFavorite: Bool
    /// How many users have it among their favourites now.
    package var favoriteCount: Int
  }
}

/// `favorites.list`: the user's favourite quotes ("your quotes"), newest first.
package enum FavoritesList: RPCMethod {
  /// The wire name.
  package static let name = "favorites.list"
  /// Reads the user's favourites.
  package static let scheduling = Scheduling.userState

  /// `{universe?, token?, limit?, cursor?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe whose favourites to list; the default one when absent.
    package var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    package var token: String?
    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page.
    package var cursor: String?

    /// Decodes; `limit` must be from 1 to `PageRequest.maxLimit`.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      token = try container.decodeIfPresent(String.self, forKey: .token)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
  }

  /// `{quotes: [...], total, nextCursor}`, newest first.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's quotes, each with `isFavorite` true.
    package var quotes: [QuoteRecord]
    /// The number of favourites in all, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `favorites.top`: the quotes most users have among their favourites.
package enum FavoritesTop: RPCMethod {
  /// The wire name.
  package static let name = "favorites.top"
  /// Reads favourites.
  package static let scheduling = Scheduling.userState

  /// `{limit?, universe?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// How many quotes, 1 to 100; 3 by default.
    package var limit: Int
    /// The universe whose quotes to rank; the default one when absent.
    package var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    package var token: String?

    /// Decodes, with `limit` 3 when left out.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? 3
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
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
  package struct Result: Codable, Sendable, Equatable {
    /// The quotes, with `favoriteCount` and the user's `isFavorite`.
    package var quotes: [QuoteRecord]
  }
}

/// `quotes.overview`: the quotes scene in one call.
package enum QuotesOverview: RPCMethod {
  /// The wire name.
  package static let name = "quotes.overview"
  /// Reads the user's favourites.
  package static let scheduling = Scheduling.userState

  /// `{universe?, token?}`.
  package typealias Params = UniverseTokenParams

  /// The three sections; empty ones are left out.
  package struct Result: Codable, Sendable, Equatable {
    /// The top 3 favourites across all users.
    package var top: [QuoteRecord]?
    /// The user's favourites, newest first.
    package var yours: [QuoteRecord]?
    /// A random quote.
    package var random: QuoteRecord?
  }
}

extension FanService {
  /// Registers the `favorites.*` methods and `quotes.overview`.
  func registerFavoriteMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let stores = catalogStores
    let seed = randomSeed
    router.register(FavoritesToggle.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let quotes = try QuoteLookup(params.universe, in: stores)
      _ = try quotes.quote(id: params.quoteId)
      let (isFavorite, count) = try await accounts.storage.favorites().setFavorite(
        userID: session.user.id,
        quote: FavoriteQuote(universe: quotes.universe, id: params.quoteId),
        favorite: params.favorite)
      return FavoritesToggle.Result(
        quoteId: params.quoteId, isFavorite: isFavorite, favoriteCount: count)
    }
    router.register(FavoritesList.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let quotes = try QuoteLookup(params.universe, in: stores)
      let ids = try await accounts.storage.favorites().favorites(
        userID: session.user.id, universe: quotes.universe)
      // A cursor holds while the list it pages through is the same list.
      let page = try params.page.page(
        of: ids, method: FavoritesList.name, params: params,
        catalog: "\(session.user.id): " + ids.map(String.init).joined(separator: ","))
      return FavoritesList.Result(
        quotes: quotes.records(Array(page.records), favorites: Set(ids)),
        total: page.total, nextCursor: page.nextCursor)
    }
    router.register(FavoritesTop.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let quotes = try QuoteLookup(params.universe, in: stores)
      return FavoritesTop.Result(
        quotes: try await FanService.top(
          limit: params.limit, of: quotes, session: session, accounts: accounts))
    }
    router.register(QuotesOverview.self) { params, context in
      let session = try await accounts.session(token: params.token)
      let quotes = try QuoteLookup(params.universe, in: stores)
      let mine = try await accounts.storage.favorites().favorites(
        userID: session.user.id, universe: quotes.universe)
      let top = try await FanService.top(
        limit: 3, of: quotes, session: session, accounts: accounts)
      var generator = SeededGenerator(seed: seed &+ context.sequence &* 0x9E37_79B9_7F4A_7C15)
      // A catalog without quotes has no random one: the section is left out.
      let random = try? quotes.catalog.randomQuote(author: nil, series: nil, using: &generator)
      let yours = quotes.records(mine, favorites: Set(mine))
      return QuotesOverview.Result(
        top: top.isEmpty ? nil : top, yours: yours.isEmpty ? nil : yours,
        random: random.map { QuoteRecord($0, favorites: Set(mine)) })
    }
  }

  /// The top favourites of `quotes`' universe with counts and the user's `isFavorite`.
  static func top(
    limit: Int, of quotes: QuoteLookup, session: AccountService.Session,
    accounts: AccountService
  )
    async throws -> [QuoteRecord]
  {
    let database = try accounts.storage.favorites()
    let mine = Set(
      try await database.favorites(userID: session.user.id, universe: quotes.universe))
    let entries = try await database.topFavorites(universe: quotes.universe, limit: limit)
    return quotes.records(
      entries.map(\.quoteID), favorites: mine,
      counts: Dictionary(entries.map { ($0.quoteID, $0.count) }, uniquingKeysWith: { a, _ in a }))
  }
}
