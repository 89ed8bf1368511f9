import FoundationEssentials

/// A universe's catalog from a live API of the original shape (`--source https://host/api`).
///
/// A refresh takes the universe's lists one after another (so a failing server always fails the
/// same way), each whole or page by page as the API serves it, conditionally when it holds
/// earlier bodies (fetching ahead, side by side, what it can tell it will need), and accepts them only if every record decodes: a live source that sends one
/// malformed record fails the refresh (naming the record and field) rather than silently
/// shrinking the catalog.
package struct HTTPCatalogSource: CatalogSource {
  /// One body as fetched (or confirmed unchanged by a 304): a whole list, or one page of it.
  package struct FetchedResource: Sendable, Equatable {
    /// Which list.
    package var resource: CatalogResource
    /// Which page of the list, from 1 (always 1 for an API that does not page its lists).
    package var page: Int
    /// The body now in force: the new one, or the cached one the server confirmed.
    package var body: HTTPBody
    /// Whether the server answered 304 Not Modified.
    package var notModified: Bool
    /// Whether the body is one page of a list the API pages (it said how many pages, or
    /// linked a next one).
    package var paged = false
  }

  /// A complete, validated fetch.
  package struct Fetched: Sendable {
    /// The bodies, in the universe's `resources` order and each list's page order.
    package var resources: [FetchedResource]

    /// The bodies by list, each list's pages in order.
    package var bodies: [CatalogResource: [Data]] {
      var bodies: [CatalogResource: [Data]] = [:]
      for fetched in resources { bodies[fetched.resource, default: []].append(fetched.body.bytes) }
      return bodies
    }
  }

  /// Where a refresh has got to, for progress.
  package struct Progress: Sendable, Equatable {
    /// The list a body just arrived for.
    package var resource: CatalogResource
    /// Its page, from 1.
    package var page: Int
    /// The pages the list has, as the API says (nil when it does not page, or does not say).
    package var pageCount: Int?
    /// Bodies fetched so far in this refresh, this one included.
    package var fetched: Int
    /// Bodies the refresh expects in all, as far as it knows now.
    ///
    /// That is the pages each list said it has, and one for each list not reached yet; it can
    /// grow as pages arrive.
    package var expected: Int
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
  package func fetchBodies() async throws -> [CatalogResource: [Data]] {
    try await fetch(cached: [:]).bodies
  }

  /// Fetches the universe's lists, following each list's pages, and validates them in order.
  ///
  /// A body whose URL is in `cached` is requested conditionally; a 304 keeps the cached body.
  /// A 304 for a URL in `confirmed` (cached bodies already known good: validated when they were
  /// saved, and decoded since into the catalog in use) only has its page links read; any other
  /// body is validated record by record. `progress` hears each body once it has arrived and been
  /// validated. A next page is followed
  /// only under the base URL, never twice, and up to the client's page and byte limits.
  ///
  /// Up to `limits.concurrency` requests are in flight at once: every list's first page from
  /// the start, and, once a first page says how many pages its list has and links its second
  /// one by a `page` query item, the pages after it (the same URL with `page=3`, `page=4`, …).
  /// Those are only guesses: the bodies are still taken one after another in the universe's
  /// order, each page from the link of the one before it, with every check above; a guess that
  /// is not the page linked is dropped and the linked one fetched. So the result, the progress
  /// and the first error are those of fetching one body at a time.
  /// Throws `UpstreamError` naming the URL, or `CancellationError`; nothing is returned unless
  /// every list is good.
  package func fetch(
    cached: [String: HTTPBody], confirmed: Set<String> = [],
    progress: @Sendable (Progress) -> Void = { _ in }
  ) async throws -> Fetched {
    let limits = client.limits
    let lists = universe.resources
    return try await withThrowingTaskGroup(of: PageRequests.Arrival.self) { group in
      var requests = PageRequests(limit: max(1, limits.concurrency)) { slot, url in
        let resource = lists[slot.list]
        do {
          return .success(try await fetch(resource, page: slot.page, from: url, cached: cached))
        } catch {
          return .failure(error)
        }
      }
      for (index, resource) in lists.enumerated() {
        requests.plan(
          PageRequests.Slot(list: index, page: 1), url: endpoint.url(path: resource.pathSegments))
      }
      var resources: [FetchedResource] = []
      var totalBytes = 0
      // Each body is validated as it is taken, so a bad one stops the refresh before the next.
      for (index, resource) in lists.enumerated() {
        var url = endpoint.url(path: resource.pathSegments)
        var seen: Set<String> = []
        // A list is good if some page has records; a page known good counts as having some (its
        // records are not counted again: the list it was saved in had some).
        var hasRecords = false
        for page in 1... {
          seen.insert(Self.key(of: url))
          var fetched = try await requests.take(
            PageRequests.Slot(list: index, page: page), url: url, group: &group)
          totalBytes += fetched.body.bytes.count
          guard totalBytes <= limits.maxRefreshBytes else {
            throw UpstreamError(
              url: fetched.body.url, failure: .refreshTooLarge(limit: limits.maxRefreshBytes))
          }
          let links: PageLinks
          if fetched.notModified && confirmed.contains(fetched.body.url) {
            links = try pageLinks(of: fetched)
            hasRecords = true
          } else {
            let list = try validate(fetched)
            links = PageLinks(nextPage: list.nextPage, pageCount: list.pageCount)
            hasRecords = hasRecords || list.records > 0
          }
          fetched.paged = page > 1 || links.pageCount != nil || links.nextPage != nil
          resources.append(fetched)
          let thisList = max(
            page, links.pageCount ?? page, links.nextPage == nil ? page : page + 1)
          progress(
            Progress(
              resource: resource, page: page, pageCount: links.pageCount,
              fetched: resources.count,
              expected: resources.count - page + thisList + (lists.count - index - 1)))
          guard let next = links.nextPage else { break }
          guard page < limits.maxPages else {
            throw UpstreamError(
              url: fetched.body.url, failure: .tooManyPages(limit: limits.maxPages))
          }
          url = try nextPage(next, after: fetched.body.url, seen: seen)
          if page == 1, let count = links.pageCount {
            for (offset, guess) in Self.pageURLs(second: url, through: min(count, limits.maxPages))
              .enumerated()
            {
              requests.plan(PageRequests.Slot(list: index, page: offset + 2), url: guess)
            }
          }
        }
        requests.forget(list: index)
        guard hasRecords else {
          throw UpstreamError(
            url: endpoint.url(path: resource.pathSegments).absoluteString,
            failure: .wrongShape("the list of \(resource.name) is empty"))
        }
      }
      group.cancelAll()
      return Fetched(resources: resources)
    }
  }

  /// The URLs of pages 2 through `count` of a list whose second page is `second`.
  ///
  /// They are guessed when its query names the page (`page=2`, once): the same URL with each
  /// page's number. None when the link says nothing of the sort (the pages are then fetched one
  /// after another).
  static func pageURLs(second: URL, through count: Int) -> [URL] {
    guard count > 2, var components = URLComponents(url: second, resolvingAgainstBaseURL: false),
      var items = components.queryItems
    else { return [] }
    let named = items.indices.filter { items[$0].name == "page" }
    guard named.count == 1, let position = named.first, items[position].value == "2" else {
      return []
    }
    var urls: [URL] = []
    for page in 2...count {
      items[position].value = String(page)
      components.queryItems = items
      guard let url = components.url else { return [] }
      urls.append(url)
    }
    return urls
  }

  /// The URL of the page a body links to, if it is one to follow: resolved against the page
  /// that links to it, on the base URL's scheme, host and port, under its path (no `.` or `..`
  /// segment), and not fetched before in this list.
  private func nextPage(_ link: String, after current: String, seen: Set<String>) throws -> URL {
    guard let url = URL(string: link, relativeTo: URL(string: current))?.absoluteURL else {
      throw UpstreamError(
        url: current, failure: .wrongShape("info.next is not a URL: \(link)"))
    }
    guard Self.origin(of: url) == Self.origin(of: endpoint.base), isUnderBase(url) else {
      throw UpstreamError(
        url: current,
        failure: .wrongShape(
          "info.next leads outside \(endpoint.name) (\(link)); only pages under the base URL "
            + "are followed"))
    }
    guard !seen.contains(Self.key(of: url)) else {
      throw UpstreamError(
        url: current,
        failure: .wrongShape("info.next leads back to a page already fetched (\(link))"))
    }
    return url
  }

  /// Whether `url`'s path is the base's or under it, with no `.` or `..` segment (which the
  /// server would resolve to somewhere else), percent-encoded or not.
  private func isUnderBase(_ url: URL) -> Bool {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return false
    }
    let encoded = components.percentEncodedPath
    let decoded = components.path
    for path in [encoded, decoded] {
      let segments = path.split(separator: "/", omittingEmptySubsequences: false)
      if segments.contains(where: { $0 == "." || $0 == ".." || $0.lowercased() == "%2e" }) {
        return false
      }
      if segments.contains(where: { $0.lowercased().contains("%2e%2e") || $0 == ".%2e" }) {
        return false
      }
    }
    let base = endpoint.base.path
    return decoded == base || decoded.hasPrefix(base.hasSuffix("/") ? base : base + "/")
  }

  /// `http|host|80`: the scheme, the host without brackets or case, and the port (the scheme's
  /// default when the URL gives none).
  private static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    var host = url.host?.lowercased() ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)|\(host)|\(port)"
  }

  /// What tells two page URLs apart: the origin, the path and the query.
  private static func key(of url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    return origin(of: url) + "|" + (components?.percentEncodedPath ?? "") + "?"
      + (components?.percentEncodedQuery ?? "")
  }

  private func fetch(
    _ resource: CatalogResource, page: Int, from url: URL, cached: [String: HTTPBody]
  ) async throws -> FetchedResource {
    let cachedBody = cached[url.absoluteString]
    // A redirect is not followed: it could lead anywhere, past the rules of `nextPage`.
    let outcome = try await client.get(
      url, accept: "application/json", validators: cachedBody?.validators,
      followRedirects: false)
    switch outcome {
    case .fetched(let body):
      return FetchedResource(resource: resource, page: page, body: body, notModified: false)
    case .notModified(let validators):
      guard var body = cachedBody else {
        throw UpstreamError(url: url.absoluteString, failure: .httpStatus(304))
      }
      if validators.etag != nil { body.validators.etag = validators.etag }
      if validators.lastModified != nil { body.validators.lastModified = validators.lastModified }
      return FetchedResource(resource: resource, page: page, body: body, notModified: true)
    }
  }

  /// The page links of `fetched`, a body known good, without checking its records again.
  private func pageLinks(of fetched: FetchedResource) throws -> PageLinks {
    do {
      return try universe.pageLinks(of: fetched.resource, in: fetched.body.bytes)
    } catch {
      throw UpstreamError(url: fetched.body.url, failure: HTTPCatalogSource.failure(for: error))
    }
  }

  /// Checks every record of `fetched`, failing on the first that does not decode.
  private func validate(_ fetched: FetchedResource) throws -> DecodedList {
    let url = fetched.body.url
    let decoded: DecodedList
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
    return decoded
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
