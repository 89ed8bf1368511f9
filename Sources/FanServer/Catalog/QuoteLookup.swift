import FanCore
import FanProtocol

/// The quotes of the universe a `quotes.*` or `favorites.*` request means, looked up so that
/// a request naming its universe hears of that universe when a quote is not there, and a
/// request naming none answers as before universes had quotes of their own.
struct QuoteLookup {
  /// The catalog of the universe meant.
  let catalog: Catalog
  /// The universe meant.
  var universe: UniverseID { catalog.universe }
  /// Whether the request named the universe.
  let named: Bool

  /// The quotes of `universe` in `stores`, the default universe's when nil (as before quotes
  /// had universes, whatever `series` says); with both, a series of another universe is an
  /// invalid value.
  init(_ universe: UniverseID?, series: Series? = nil, in stores: ServedCatalogs) throws {
    catalog =
      try universe.map { try stores.loaded(universe: $0, series: series) }?.catalog
      ?? stores.loaded(universe: nil).catalog
    named = universe != nil
  }

  /// The quote with this id; not found names the universe when the request did.
  func quote(id: Int) throws -> Quote {
    do {
      return try catalog.quote(id: id)
    } catch .notFound(let kind, let id) where named {
      throw CatalogError.notFoundInUniverse(kind: kind, id: id, universe: universe)
    }
  }

  /// One quote drawn from those by `author` in `series` with `generator`; a named universe
  /// without quotes is not found, naming it.
  func random(
    author: String?, series: Series?, using generator: inout some RandomNumberGenerator
  ) throws -> Quote {
    if named, catalog.quotes.isEmpty {
      throw CatalogError.notFoundInUniverse(kind: "quote", id: nil, universe: universe)
    }
    return try catalog.randomQuote(author: author, series: series, using: &generator)
  }

  /// The records of the quotes with these ids that the catalog has, in the same order, with
  /// `favorites` (the user's favourite ids) and `counts` where known.
  func records(_ ids: [Int], favorites: Set<Int>?, counts: [Int: Int] = [:]) -> [QuoteRecord] {
    ids.compactMap { id in
      (try? catalog.quote(id: id)).map {
        QuoteRecord($0, favorites: favorites, favoriteCount: counts[id])
      }
    }
  }
}
