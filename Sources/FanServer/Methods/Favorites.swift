import FanCore
import FanProtocol
import FanStorage
import JSONRPC

extension FavoritesToggle: RPCMethod {
  /// Changes the user's favourites; toggles queued together are written in one transaction,
  /// each in a savepoint of its own, and answered once it has committed.
  package static let scheduling = Scheduling.userStateSharingCommit
}

extension FavoritesList: RPCMethod {
  /// Reads the user's favourites.
  package static let scheduling = Scheduling.userState
}

extension FavoritesTop: RPCMethod {
  /// Reads favourites.
  package static let scheduling = Scheduling.userState
}

extension FavoritesList.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension FanService {
  /// Registers the `favorites.*` methods.
  func registerFavoriteMethods(into router: inout MethodRouter) {
    let accounts = self.accounts
    let stores = servedCatalogs
    router.register(FavoritesToggle.self) { params, context in
      let session = try await accounts.session(token: params.token)
      let quotes = try QuoteLookup(params.universe, in: stores)
      _ = try quotes.quote(id: params.quoteId)
      let (isFavorite, count) = try await accounts.storage.favorites().setFavorite(
        userID: session.user.id,
        quote: FavoriteQuote(universe: quotes.universe, id: params.quoteId),
        favorite: params.favorite,
        // The group of toggles this one shares a commit with, when the queue runs it in one.
        in: context.queueScope as? WriteGroup)
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
