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

extension FanService {
  /// Registers the `quotes.*` methods.
  func registerQuoteMethods(into router: inout MethodRouter) {
    let stores = catalogStores
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
  }
}
