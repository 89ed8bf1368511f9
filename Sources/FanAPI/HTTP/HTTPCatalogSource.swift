import FoundationEssentials

/// The catalog from a live API of the original shape (`--source https://host/api`).
///
/// A refresh fetches the three lists one after another (so a failing server always fails the
/// same way), conditionally when it holds earlier bodies,
/// and accepts them only if every record decodes: a live source that sends one malformed record
/// fails the refresh (naming the record and field) rather than silently shrinking the catalog.
package struct HTTPCatalogSource: CatalogSource {
  /// One list as fetched (or confirmed unchanged by a 304).
  package struct FetchedResource: Sendable, Equatable {
    /// Which list.
    package var resource: CatalogResource
    /// The body now in force: the new one, or the cached one the server confirmed.
    package var body: HTTPBody
    /// Whether the server answered 304 Not Modified.
    package var notModified: Bool
  }

  /// A complete, validated fetch.
  package struct Fetched: Sendable {
    /// The decoded lists.
    package var snapshot: CatalogSnapshot
    /// The three bodies, in `CatalogResource.allCases` order.
    package var resources: [FetchedResource]
  }

  /// The routes.
  package let endpoint: APIEndpoint
  /// The HTTP client.
  package let client: HTTPClient

  /// A source at `endpoint`.
  package init(endpoint: APIEndpoint, client: HTTPClient) {
    self.endpoint = endpoint
    self.client = client
  }

  /// The base URL.
  package var name: String { endpoint.name }

  /// Fetches and validates every list, unconditionally.
  package func fetchSnapshot() async throws -> CatalogSnapshot {
    try await fetch(cached: [:]).snapshot
  }

  /// Fetches the three lists in order (characters, episodes, quotes) and validates them.
  ///
  /// A list in `cached` is requested conditionally; a 304 keeps its cached body.
  /// `progress` hears each list once it has arrived and been validated. Throws `UpstreamError` naming the URL, or
  /// `CancellationError`; nothing is returned unless all three are good.
  package func fetch(
    cached: [CatalogResource: HTTPBody],
    progress: @Sendable (CatalogResource) -> Void = { _ in }
  ) async throws -> Fetched {
    // Each list is validated as it arrives, so a bad one stops the refresh before the next.
    let characters = try await fetch(.characters, cached: cached[.characters])
    let characterList = try strictList(CharacterDTO.self, characters)
    progress(.characters)
    let episodes = try await fetch(.episodes, cached: cached[.episodes])
    let episodeList = try strictList(EpisodeDTO.self, episodes)
    progress(.episodes)
    let quotes = try await fetch(.quotes, cached: cached[.quotes])
    let quoteList = try strictList(QuoteDTO.self, quotes)
    progress(.quotes)
    let snapshot = CatalogSnapshot(
      characters: characterList, episodes: episodeList, quotes: quoteList)
    let resources = [characters, episodes, quotes]
    return Fetched(snapshot: snapshot, resources: resources)
  }

  /// One character by id (`/characters/ID`); nil when the API has none.
  package func character(id: Int) async throws -> CharacterDTO? {
    try await single(.character(id: id), CharacterDTO.self)
  }

  /// One episode by id (`/episodes/ID`); nil when the API has none.
  package func episode(id: Int) async throws -> EpisodeDTO? {
    try await single(.episode(id: id), EpisodeDTO.self)
  }

  /// One quote by id (`/quotes/ID`); nil when the API has none.
  package func quote(id: Int) async throws -> QuoteDTO? {
    try await single(.quote(id: id), QuoteDTO.self)
  }

  /// A random quote (`/quote/random`), of `author` if given; nil when the author has none.
  package func randomQuote(author: String? = nil) async throws -> QuoteDTO? {
    try await single(.randomQuote(author: author), QuoteDTO.self)
  }

  private func fetch(_ resource: CatalogResource, cached: HTTPBody?) async throws
    -> FetchedResource
  {
    let url = endpoint.url(for: resource.route)
    let outcome = try await client.get(
      url, accept: "application/json", validators: cached?.validators)
    switch outcome {
    case .fetched(let body):
      return FetchedResource(resource: resource, body: body, notModified: false)
    case .notModified(let validators):
      guard var body = cached else {
        throw UpstreamError(url: url.absoluteString, failure: .httpStatus(304))
      }
      if validators.etag != nil { body.validators.etag = validators.etag }
      if validators.lastModified != nil { body.validators.lastModified = validators.lastModified }
      return FetchedResource(resource: resource, body: body, notModified: true)
    }
  }

  /// The records of `fetched`, failing on the first that does not decode and on an empty list.
  private func strictList<T: Decodable & Sendable>(_ type: T.Type, _ fetched: FetchedResource)
    throws -> [T]
  {
    let url = fetched.body.url
    let decoded: (elements: [T], problems: [MappingProblem])
    do {
      decoded = try SnapshotDecoder.decodeList(type, from: fetched.body.bytes, as: fetched.resource)
    } catch {
      throw UpstreamError(url: url, failure: HTTPCatalogSource.failure(for: error))
    }
    if let problem = decoded.problems.first {
      let more = decoded.problems.count > 1 ? " (and \(decoded.problems.count - 1) more)" : ""
      let id = problem.id.map { " \($0)" } ?? ""
      throw UpstreamError(
        url: url, failure: .wrongShape("\(problem.resource)\(id): \(problem.reason)\(more)"))
    }
    guard !decoded.elements.isEmpty else {
      throw UpstreamError(
        url: url,
        failure: .wrongShape("the list of \(fetched.resource.rawValue) is empty"))
    }
    return decoded.elements
  }

  private func single<T: Decodable & Sendable>(_ route: APIEndpoint.Route, _ type: T.Type)
    async throws -> T?
  {
    let url = endpoint.url(for: route)
    let body: HTTPBody
    switch try await client.get(url, accept: "application/json") {
    case .fetched(let fetched): body = fetched
    case .notModified: throw UpstreamError(url: url.absoluteString, failure: .httpStatus(304))
    }
    // The API answers single records as a one-element array.
    let decoded: [T]
    do {
      decoded = try JSONDecoder().decode([T].self, from: body.bytes)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw UpstreamError(url: body.url, failure: .invalidJSON(context.debugDescription))
    } catch {
      throw UpstreamError(url: body.url, failure: .wrongShape("\(error)"))
    }
    guard decoded.count <= 1 else {
      throw UpstreamError(
        url: body.url,
        failure: .wrongShape("expected an array of at most one record, got \(decoded.count)"))
    }
    return decoded.first
  }

  private static func failure(for error: SourceError) -> UpstreamError.Failure {
    switch error {
    case .invalidJSON(_, let detail): return .invalidJSON(detail)
    case .wrongShape(_, let detail): return .wrongShape(detail)
    case .missingResource(let name): return .wrongShape("missing \(name)")
    }
  }
}
