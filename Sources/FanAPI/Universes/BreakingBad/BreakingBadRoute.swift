import FoundationEssentials

/// A route of the Breaking Bad API.
package enum BreakingBadRoute: Sendable, Equatable {
  /// `/characters`: every character.
  case characters
  /// `/characters/ID`: one character, as a one-element array.
  case character(id: Int)
  /// `/character/random?limit=N`: random characters.
  case randomCharacters(limit: Int)
  /// `/episodes`: every episode.
  case episodes
  /// `/episodes/ID`: one episode, as a one-element array.
  case episode(id: Int)
  /// `/quotes`: every quote.
  case quotes
  /// `/quotes/ID`: one quote, as a one-element array.
  case quote(id: Int)
  /// `/quote/random?author=A`: one random quote, as a one-element array.
  case randomQuote(author: String?)
  /// `/quote?author=A`: the quotes of an author.
  case quotesByAuthor(String)
  /// `/deaths`: every death.
  case deaths

  /// The path under the base URL.
  package var pathSegments: [String] {
    switch self {
    case .characters: return ["characters"]
    case .character(let id): return ["characters", String(id)]
    case .randomCharacters: return ["character", "random"]
    case .episodes: return ["episodes"]
    case .episode(let id): return ["episodes", String(id)]
    case .quotes: return ["quotes"]
    case .quote(let id): return ["quotes", String(id)]
    case .randomQuote: return ["quote", "random"]
    case .quotesByAuthor: return ["quote"]
    case .deaths: return ["deaths"]
    }
  }

  /// The query.
  package var queryItems: [URLQueryItem] {
    switch self {
    case .randomCharacters(let limit): return [URLQueryItem(name: "limit", value: String(limit))]
    case .randomQuote(let author?): return [URLQueryItem(name: "author", value: author)]
    case .quotesByAuthor(let author): return [URLQueryItem(name: "author", value: author)]
    default: return []
    }
  }
}

extension APIEndpoint {
  /// The URL of a Breaking Bad `route`.
  package func url(for route: BreakingBadRoute) -> URL {
    url(path: route.pathSegments, queryItems: route.queryItems)
  }
}
