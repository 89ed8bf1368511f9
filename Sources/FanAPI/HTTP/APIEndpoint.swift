import FoundationEssentials

/// A source API's base URL, and the URLs of routes under it, each built with `URLComponents`
/// and `URLQueryItem`s (never by pasting strings together).
///
/// Each universe names its own routes (`BreakingBadRoute`).
package struct APIEndpoint: Sendable, Equatable {
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

  /// The URL of the path `segments` under the base, with `queryItems`.
  package func url(path segments: [String], queryItems items: [URLQueryItem] = []) -> URL {
    var components = self.components
    // `path` takes decoded text and URLComponents percent-encodes it; ids are digits and
    // segment names are fixed, so no segment can contain a slash.
    components.path += "/" + segments.joined(separator: "/")
    components.queryItems = items.isEmpty ? nil : items
    // Every part came from a valid URL or was encoded above, so this always succeeds; the base
    // is the fallback only to avoid a force unwrap.
    return components.url ?? base
  }
}
