/// One of the three lists a catalog is made of, as the API serves them.
package enum CatalogResource: String, CaseIterable, Sendable, Codable {
  /// `/characters`.
  case characters
  /// `/episodes`.
  case episodes
  /// `/quotes`.
  case quotes

  /// The route that lists every record of the resource.
  package var route: APIEndpoint.Route {
    switch self {
    case .characters: return .characters
    case .episodes: return .episodes
    case .quotes: return .quotes
    }
  }

  /// The singular noun used in messages (`character`).
  package var recordName: String {
    switch self {
    case .characters: return "character"
    case .episodes: return "episode"
    case .quotes: return "quote"
    }
  }
}
