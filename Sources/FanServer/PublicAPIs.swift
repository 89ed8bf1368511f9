import FanAPI
import FanProtocol

/// The live APIs each universe's `catalog.refresh` falls back on (`ServiceConfiguration
/// .publicAPIs`): given ones, or the universes' own public APIs, whose URLs are parsed only
/// when they are asked for.
///
/// Parsing a URL is the first use of Foundation's URL code, about a seventieth of a one-shot
/// call that never refreshes (issue 38); a call that refreshes asks for them and parses them
/// then. A test checks that every shipped universe's public API parses.
package struct PublicAPIs: Sendable, Equatable {
  private enum Source: Sendable {
    case given([UniverseID: APIEndpoint])
    case own(UniverseList)
  }

  private let source: Source

  /// These endpoints (none: no public API).
  package init(given endpoints: [UniverseID: APIEndpoint]) {
    source = .given(endpoints)
  }

  /// The public API of each of `universes` that has one (`CatalogUniverse.publicAPI`).
  package init(ownOf universes: UniverseList) {
    source = .own(universes)
  }

  /// The endpoints by universe.
  package var endpoints: [UniverseID: APIEndpoint] {
    switch source {
    case .given(let endpoints): return endpoints
    case .own(let universes):
      var known: [UniverseID: APIEndpoint] = [:]
      for id in universes.ids { known[id] = endpoint(of: id) }
      return known
    }
  }

  /// The endpoint of `universe`, nil when it has none (only its own URL parsed).
  package func endpoint(of universe: UniverseID) -> APIEndpoint? {
    switch source {
    case .given(let endpoints): return endpoints[universe]
    case .own(let universes):
      guard let url = universes.named(universe)?.publicAPI else { return nil }
      // A shipped URL that did not parse would be a bug the test named above catches.
      return try? APIEndpoint(base: url)
    }
  }

  /// Whether there is none, told without parsing anything.
  package var isEmpty: Bool {
    switch source {
    case .given(let endpoints): return endpoints.isEmpty
    case .own(let universes): return !universes.all.contains { $0.publicAPI != nil }
    }
  }

  /// Equal when they give the same endpoints.
  package static func == (lhs: PublicAPIs, rhs: PublicAPIs) -> Bool {
    lhs.endpoints == rhs.endpoints
  }
}
