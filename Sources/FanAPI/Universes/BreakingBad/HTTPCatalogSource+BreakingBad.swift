import FoundationEssentials

extension HTTPCatalogSource {
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

  private func single<T: Decodable & Sendable>(_ route: BreakingBadRoute, _ type: T.Type)
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

}
