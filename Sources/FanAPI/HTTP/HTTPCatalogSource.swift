import FoundationEssentials

/// A universe's catalog from a live API of the original shape (`--source https://host/api`).
///
/// A refresh fetches the universe's lists one after another (so a failing server always fails the
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
    /// The bodies, in the universe's `resources` order.
    package var resources: [FetchedResource]

    /// The bodies by list.
    package var bodies: [CatalogResource: Data] {
      Dictionary(
        resources.map { ($0.resource, $0.body.bytes) }, uniquingKeysWith: { _, last in last })
    }
  }

  /// The universe whose lists it fetches.
  package let universe: any CatalogUniverse
  /// The routes.
  package let endpoint: APIEndpoint
  /// The HTTP client.
  package let client: HTTPClient

  /// A source of `universe` at `endpoint`.
  package init(universe: any CatalogUniverse, endpoint: APIEndpoint, client: HTTPClient) {
    self.universe = universe
    self.endpoint = endpoint
    self.client = client
  }

  /// The base URL.
  package var name: String { endpoint.name }

  /// Fetches and validates every list, unconditionally.
  package func fetchBodies() async throws -> [CatalogResource: Data] {
    try await fetch(cached: [:]).bodies
  }

  /// Fetches the universe's lists in order and validates them.
  ///
  /// A list in `cached` is requested conditionally; a 304 keeps its cached body.
  /// `progress` hears each list once it has arrived and been validated. Throws `UpstreamError`
  /// naming the URL, or `CancellationError`; nothing is returned unless every list is good.
  package func fetch(
    cached: [CatalogResource: HTTPBody],
    progress: @Sendable (CatalogResource) -> Void = { _ in }
  ) async throws -> Fetched {
    var resources: [FetchedResource] = []
    // Each list is validated as it arrives, so a bad one stops the refresh before the next.
    for resource in universe.resources {
      let fetched = try await fetch(resource, cached: cached[resource])
      try validate(fetched)
      progress(resource)
      resources.append(fetched)
    }
    return Fetched(resources: resources)
  }

  private func fetch(_ resource: CatalogResource, cached: HTTPBody?) async throws
    -> FetchedResource
  {
    let url = endpoint.url(path: resource.pathSegments)
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

  /// Checks every record of `fetched`, failing on the first that does not decode and on an
  /// empty list.
  private func validate(_ fetched: FetchedResource) throws {
    let url = fetched.body.url
    let decoded: (records: Int, problems: [MappingProblem])
    do {
      decoded = try universe.decode(fetched.resource, from: fetched.body.bytes)
    } catch {
      throw UpstreamError(url: url, failure: HTTPCatalogSource.failure(for: error))
    }
    if let problem = decoded.problems.first {
      let more = decoded.problems.count > 1 ? " (and \(decoded.problems.count - 1) more)" : ""
      let id = problem.id.map { " \($0)" } ?? ""
      throw UpstreamError(
        url: url, failure: .wrongShape("\(problem.resource)\(id): \(problem.reason)\(more)"))
    }
    guard decoded.records > 0 else {
      throw UpstreamError(
        url: url,
        failure: .wrongShape("the list of \(fetched.resource.name) is empty"))
    }
  }

  /// What a list that does not decode says about the server that sent it.
  package static func failure(for error: SourceError) -> UpstreamError.Failure {
    switch error {
    case .invalidJSON(_, let detail): return .invalidJSON(detail)
    case .wrongShape(_, let detail): return .wrongShape(detail)
    case .missingResource(let name): return .wrongShape("missing \(name)")
    }
  }
}
