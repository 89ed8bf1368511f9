import FanCore
import JSONRPC

/// `quotes.random`: one quote drawn uniformly from the matching ones.
package enum QuotesRandom: RPCMethod {
  /// The wire name.
  package static let name = "quotes.random"
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState

  /// `{author?, series?, universe?, token?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// Any name of the author that resolves ("Jimmy McGill" and "Saul Goodman" are one).
    package var author: String?
    /// Only this series.
    package var series: Series?
    /// The universe whose quotes to draw from; the default one when absent.
    package var universe: UniverseID?
    /// Acts for this session's user instead of the current one.
    package var token: String?

    /// Decodes, ignoring empty fields.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      author = try container.decodeUnlessEmpty(String.self, forKey: .author)
      series = try container.decodeSeries(forKey: .series, of: decoder.universes)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      token = try container.decodeIfPresent(String.self, forKey: .token)
    }
  }

  /// The quote.
  package typealias Result = QuoteRecord
}

/// `quotes.byCharacter`: the quotes of one character, under any of its names.
package enum QuotesByCharacter: RPCMethod {
  /// The wire name.
  package static let name = "quotes.byCharacter"
  /// `[id]` is accepted too.
  package static let positionalParameters: [String]? = ["id"]
  /// Reads the signed-in user's favourites (`isFavorite`).
  package static let scheduling = Scheduling.userState

  /// `{id, universe?, token?}`: the character's id, in the default universe when none is
  /// named.
  package typealias Params = UniverseIDTokenParams

  /// `{quotes: [...]}`, by id.
  package struct Result: Codable, Sendable, Equatable {
    /// The quotes.
    package var quotes: [QuoteRecord]
  }
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
