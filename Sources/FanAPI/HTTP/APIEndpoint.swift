import FoundationEssentials

/// The routes of the original Breaking Bad API under one base URL, each built with
/// `URLComponents` and `URLQueryItem`s (never by pasting strings together).
package struct APIEndpoint: Sendable, Equatable {
  /// A route of the API.
  package enum Route: Sendable, Equatable {
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

    var pathSegments: [String] {
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

    var queryItems: [URLQueryItem] {
      switch self {
      case .randomCharacters(let limit): return [URLQueryItem(name: "limit", value: String(limit))]
      case .randomQuote(let author?): return [URLQueryItem(name: "author", value: author)]
      case .quotesByAuthor(let author): return [URLQueryItem(name: "author", value: author)]
      default: return []
      }
    }
  }

  /// Why a base URL cannot be used.
  package enum BaseURLProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// It does not parse as a URL.
    case malformed(String)
    /// Its scheme is not `http` or `https`.
    case unsupportedScheme(String)
    /// It has no host.
    case missingHost(String)
    /// It carries a query or a fragment, which the routes would lose.
    case hasQueryOrFragment(String)

    /// A sentence for the command line.
    package var description: String {
      switch self {
      case .malformed(let text): return "\"\(text)\" is not a URL"
      case .unsupportedScheme(let text):
        return "\"\(text)\" is not an http or https URL"
      case .missingHost(let text): return "\"\(text)\" has no host"
      case .hasQueryOrFragment(let text):
        return "\"\(text)\" has a query or fragment; give the API's base, such as https://host/api"
      }
    }
  }

  /// The base URL without a trailing slash, such as `https://www.breakingbadapi.com/api`.
  package let base: URL
  private let components: URLComponents

  /// An endpoint under `base`; an `http` or `https` URL with a host and no query or fragment.
  package init(base text: String) throws(BaseURLProblem) {
    guard var components = URLComponents(string: text), components.scheme != nil else {
      throw .malformed(text)
    }
    guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { throw .unsupportedScheme(text) }
    guard let host = components.host, !host.isEmpty else { throw .missingHost(text) }
    guard components.query == nil, components.fragment == nil else {
      throw .hasQueryOrFragment(text)
    }
    while components.path.hasSuffix("/") { components.path.removeLast() }
    guard let url = components.url else { throw .malformed(text) }
    self.components = components
    self.base = url
  }

  /// The base as text, as `service.info` reports it.
  package var name: String { base.absoluteString }

  /// The URL of `route`.
  package func url(for route: Route) -> URL {
    var components = self.components
    // `path` takes decoded text and URLComponents percent-encodes it; ids are digits and
    // segment names are fixed, so no segment can contain a slash.
    components.path += "/" + route.pathSegments.joined(separator: "/")
    let items = route.queryItems
    components.queryItems = items.isEmpty ? nil : items
    // Every part came from a valid URL or was encoded above, so this always succeeds; the base
    // is the fallback only to avoid a force unwrap.
    return components.url ?? base
  }
}
