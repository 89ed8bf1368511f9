import FanCore
import JSONRPC

/// `favorites.toggle`: adds a quote to the user's favourites, or removes it; with `favorite`,
/// makes it that state.
package enum FavoritesToggle: RPCMethod {
  /// The wire name.
  package static let name = "favorites.toggle"
  /// Changes the user's favourites.
  package static let scheduling = Scheduling.userState
  /// Toggles queued together are written in one transaction, each in a savepoint of its own,
  /// and answered once it has committed.
  package static let sharesCommit = true

  /// `{quoteId, favorite?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The quote.
    package var quoteId: Int
    /// The state to set (a repeated request changes nothing more); toggles when left out.
    package var favorite: Bool?
    /// Acts for this session's user instead of the current one.
    package var token: String?
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

  /// `{token?, limit?, cursor?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// Acts for this session's user instead of the current one.
    package var token: String?
    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page.
    package var cursor: String?

    /// Decodes; `limit` must be from 1 to `PageRequest.maxLimit`.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
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

  /// `{limit?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// How many quotes, 1 to 100; 3 by default.
    package var limit: Int
    /// Acts for this session's user instead of the current one.
    package var token: String?

    /// Decodes, with `limit` 3 when left out.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? 3
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

  /// `{token?}`.
  package typealias Params = TokenParams

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
      _ = try stores.primary().current.catalog.quote(id: params.quoteId)
      let store = try accounts.storage.favorites()
      let (isFavorite, count) =
        if let favorite = params.favorite {
          try await store.setFavorite(
            userID: session.user.id, quoteID: params.quoteId, favorite: favorite)
        } else {
          try await store.toggleFavorite(userID: session.user.id, quoteID: params.quoteId)
        }
      return FavoritesToggle.Result(
        quoteId: params.quoteId, isFavorite: isFavorite, favoriteCount: count)
    }
    router.register(FavoritesList.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      let ids = try await accounts.storage.favorites().favorites(userID: session.user.id)
      // A cursor holds while the list it pages through is the same list.
      let page = try params.page.page(
        of: ids, method: FavoritesList.name, params: params,
        catalog: "\(session.user.id): " + ids.map(String.init).joined(separator: ","))
      return FavoritesList.Result(
        quotes: try FanService.records(
          Array(page.records), try stores.primary().current.catalog, favorites: Set(ids)),
        total: page.total, nextCursor: page.nextCursor)
    }
    router.register(FavoritesTop.self) { params, _ in
      let session = try await accounts.session(token: params.token)
      return FavoritesTop.Result(
        quotes: try await FanService.top(
          limit: params.limit, session: session, accounts: accounts, store: try stores.primary()))
    }
    router.register(QuotesOverview.self) { params, context in
      let session = try await accounts.session(token: params.token)
      let catalog = try stores.primary().current.catalog
      let mine = try await accounts.storage.favorites().favorites(userID: session.user.id)
      let top = try await FanService.top(
        limit: 3, session: session, accounts: accounts, store: try stores.primary())
      var generator = SeededGenerator(seed: seed &+ context.sequence &* 0x9E37_79B9_7F4A_7C15)
      let random = try? catalog.randomQuote(author: nil, series: nil, using: &generator)
      let yours = try FanService.records(mine, catalog, favorites: Set(mine))
      return QuotesOverview.Result(
        top: top.isEmpty ? nil : top, yours: yours.isEmpty ? nil : yours,
        random: random.map { QuoteRecord($0, favorites: Set(mine)) })
    }
  }

  /// The records of the quotes with these ids that the catalog has, in the same order.
  static func records(_ ids: [Int], _ catalog: Catalog, favorites: Set<Int>) throws -> [QuoteRecord]
  {
    ids.compactMap { id in
      (try? catalog.quote(id: id)).map { QuoteRecord($0, favorites: favorites) }
    }
  }

  /// The top favourites with counts and the user's `isFavorite`.
  static func top(
    limit: Int, session: AccountService.Session, accounts: AccountService, store: CatalogStore
  )
    async throws -> [QuoteRecord]
  {
    let database = try accounts.storage.favorites()
    let mine = Set(try await database.favorites(userID: session.user.id))
    let catalog = store.current.catalog
    return try await database.topFavorites(limit: limit).compactMap { entry in
      (try? catalog.quote(id: entry.quoteID)).map {
        QuoteRecord($0, favorites: mine, favoriteCount: entry.count)
      }
    }
  }
}
