import FanCore
import FanProtocol
import JSONRPC

extension QuotesRandom: RPCMethod {
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState
}

extension QuotesByCharacter: RPCMethod {
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState
}

extension QuotesOverview: RPCMethod {
  /// Reads the user's favourites.
  package static let scheduling = Scheduling.userState
}

extension FanService {
  /// Registers the `quotes.*` methods.
  func registerQuoteMethods(into router: inout MethodRouter) {
    let stores = servedCatalogs
    let seed = randomSeed
    let accounts = self.accounts
    let unusableForRandom = answeringWithoutFavorites(QuotesRandom.name)
    let unusableForCharacter = answeringWithoutFavorites(QuotesByCharacter.name)
    router.register(QuotesRandom.self) { params, context in
      let quotes = try QuoteLookup(params.universe, series: params.series, in: stores)
      let favorites = try await accounts.favoriteIDs(
        token: params.token, universe: quotes.universe, whenStorageUnusable: unusableForRandom)
      // Seeded by the request's place in the arrival order: with --seed, the same requests get
      // the same quotes, whichever thread serves them.
      var generator = SeededGenerator(seed: seed &+ context.sequence &* 0x9E37_79B9_7F4A_7C15)
      let quote = try quotes.random(
        author: params.author, series: params.series, using: &generator)
      return QuoteRecord(quote, favorites: favorites)
    }
    router.register(QuotesByCharacter.self) { params, _ in
      let quotes = try QuoteLookup(params.universe, in: stores)
      let favorites = try await accounts.favoriteIDs(
        token: params.token, universe: quotes.universe,
        whenStorageUnusable: unusableForCharacter)
      return QuotesByCharacter.Result(
        quotes: try quotes.catalog.quotes(characterID: params.id).map {
          QuoteRecord($0, favorites: favorites)
        })
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
      let random: Quote?
      do {
        random = try quotes.catalog.randomQuote(author: nil, series: nil, using: &generator)
      } catch CatalogError.noMatch {
        random = nil
      }
      let yours = quotes.records(mine, favorites: Set(mine))
      return QuotesOverview.Result(
        top: top.isEmpty ? nil : top, yours: yours.isEmpty ? nil : yours,
        random: random.map { QuoteRecord($0, favorites: Set(mine)) })
    }
  }
}
