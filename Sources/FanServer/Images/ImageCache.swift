import FanAPI
import FanCore
import FanStorage
import FoundationEssentials

/// Images downloaded once into the data directory and revalidated with ETag/Last-Modified.
///
/// This actor does the fetching: the network, the MIME check, and one download for concurrent
/// fetches of a URL. The files (named by the SHA-256 of their URL) and their index are the
/// store's, which also evicts the least recently used when they exceed the cap.
package actor ImageCache {
  private let client: HTTPClient
  private let openStore: @Sendable () throws -> any ImageIndexStore
  private let maxTotalBytes: Int
  private let maxImageBytes: Int
  private var waiting: [String: [CheckedContinuation<CachedImage, any Error>]] = [:]
  private var failures: ImageFailureMemory

  /// A cache that downloads with `client` into the store `openStore` returns, holding at most
  /// `maxTotalBytes`, each image at most `maxImageBytes`; a download that failed is failed again
  /// at once for `retryAfter` seconds (0: never).
  package init(
    client: HTTPClient, maxTotalBytes: Int, maxImageBytes: Int, retryAfter: Int = 30,
    openStore: @escaping @Sendable () throws -> any ImageIndexStore
  ) {
    self.client = client
    self.failures = ImageFailureMemory(seconds: retryAfter)
    self.maxTotalBytes = maxTotalBytes
    self.maxImageBytes = min(maxImageBytes, maxTotalBytes)
    self.openStore = openStore
  }

  /// The cache key of `url`: the hex SHA-256 of its text.
  package static func key(for url: URL) -> String {
    Hex.encode(SHA256.hash(Array(url.absoluteString.utf8)))
  }

  /// How long a cached image stays fresh when neither the caller nor its server says, in
  /// seconds: a day.
  package static let defaultMaxAge = 86_400

  /// The image at `url`: the cached copy without asking the server while it is younger than
  /// `maxAge` seconds (nil: its server's `Cache-Control: max-age`, else `defaultMaxAge`; 0:
  /// always ask), else from the cache when the server confirms it is current.
  ///
  /// A server that cannot be reached leaves the cached copy, answered as `stale`. If another
  /// fetch of the same URL is under way, this one waits for it and shares its result. A URL
  /// without a cached copy whose download failed within the last `retryAfter` seconds fails
  /// again at once (`RememberedImageFailure`), unless `maxAge` is 0. Throws `UpstreamError`
  /// (including `notAnImage`), `RememberedImageFailure`, `StorageError` or `CancellationError`.
  package func fetch(_ url: URL, maxAge: Int?) async throws -> CachedImage {
    if maxAge != 0, let fresh = try await freshCopy(key: ImageCache.key(for: url), maxAge: maxAge) {
      return fresh
    }
    return try await fetch(url, acceptingCopyConfirmedWithin: nil, remembering: maxAge != 0)
  }

  /// The bytes of `image`'s file; `ioError` when it cannot be read (another process evicted it
  /// meanwhile, say).
  package func contents(of image: CachedImage) throws -> Data {
    do {
      return try Data(contentsOf: URL(filePath: image.path))
    } catch {
      throw StorageError.ioError(path: image.path, detail: "cannot read the cached image: \(error)")
    }
  }

  /// The cached copy of `key`, if it is intact and younger than `maxAge` seconds (nil: its
  /// server's max-age, else `defaultMaxAge`).
  private func freshCopy(key: String, maxAge: Int?) async throws -> CachedImage? {
    let store = try openStore()
    guard let entry = try await store.image(key: key), await store.fileIsIntact(entry) else {
      return nil
    }
    // In milliseconds, a lifetime of any size (a caller's or a server's) held without overflow.
    let seconds = Int64(clamping: maxAge ?? entry.maxAge ?? ImageCache.defaultMaxAge)
    let (lifetime, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    guard await store.now() - entry.fetchedAt < (overflow ? .max : lifetime) else { return nil }
    try await store.touchImage(
      key: key, confirmed: false, etag: entry.etag, lastModified: entry.lastModified)
    return CachedImage(entry: entry, path: await store.path(of: entry), freshness: .cached)
  }

  /// The image at `url`: the cached copy without asking the server when it was downloaded or
  /// confirmed within `maxAge` milliseconds, else as `fetch(_:)` gets it; with `remembering`, a
  /// URL without a cached copy that failed a moment ago fails again at once.
  package func fetch(
    _ url: URL, acceptingCopyConfirmedWithin maxAge: Int64?, remembering: Bool = true
  ) async throws -> CachedImage {
    let key = ImageCache.key(for: url)
    if let maxAge, let recent = try await recentCopy(key: key, maxAge: maxAge) { return recent }
    if remembering, let remembered = try await rememberedFailure(key: key) { throw remembered }
    while waiting[key] != nil {
      do {
        return try await withCheckedThrowingContinuation { continuation in
          waiting[key, default: []].append(continuation)
        }
      } catch is CancellationError where !Task.isCancelled {
        // The fetch this one waited on was cancelled, but this one was not: try again.
        continue
      }
    }
    waiting[key] = []
    let result: Result<CachedImage, any Error>
    do {
      result = .success(try await load(url, key: key))
      failures.forget(key)
    } catch let error as UpstreamError {
      result = .failure(error)
      // Only a failure with no copy to fall back on reaches here (a cached copy is answered
      // stale): remembered, so that asking again at once does not wait on the host again.
      if let store = try? openStore() { failures.remember(error, of: key, at: await store.now()) }
    } catch {
      result = .failure(error)
    }
    for continuation in waiting.removeValue(forKey: key) ?? [] {
      continuation.resume(with: result)
    }
    return try result.get()
  }

  /// The failure remembered for `key`, when it has no cached copy to answer instead.
  private func rememberedFailure(key: String) async throws -> RememberedImageFailure? {
    let store = try openStore()
    guard let (error, retryAfter) = failures.failure(of: key, at: await store.now()) else {
      return nil
    }
    // The memory never hides a copy: with one, the fetch answers it (stale if need be).
    guard try await store.image(key: key) == nil else { return nil }
    return RememberedImageFailure(error: error, retryAfter: retryAfter)
  }

  /// The cached copy of `key`, if it is intact and was confirmed within `maxAge` milliseconds.
  private func recentCopy(key: String, maxAge: Int64) async throws -> CachedImage? {
    let store = try openStore()
    guard let entry = try await store.image(key: key),
      await store.now() - entry.fetchedAt <= maxAge,
      await store.fileIsIntact(entry)
    else { return nil }
    try await store.touchImage(
      key: key, confirmed: false, etag: entry.etag, lastModified: entry.lastModified)
    return CachedImage(entry: entry, path: await store.path(of: entry), freshness: .recent)
  }

  private func load(_ url: URL, key: String) async throws -> CachedImage {
    let store = try openStore()
    if let entry = try await store.image(key: key) {
      if await store.fileIsIntact(entry) {
        return try await revalidate(url, entry: entry, store: store)
      }
      // The file is gone or damaged: forget it and download again.
      try await store.deleteImage(key: key)
    }
    let outcome = try await client.get(url, accept: "image/*", maxBytes: maxImageBytes)
    guard case .fetched(let body) = outcome else {
      throw UpstreamError(url: url.absoluteString, failure: .httpStatus(304))
    }
    return try await save(body, key: key, store: store)
  }

  private func revalidate(_ url: URL, entry: StoredImage, store: any ImageIndexStore) async throws
    -> CachedImage
  {
    let path = await store.path(of: entry)
    let outcome: HTTPOutcome
    do {
      outcome = try await client.get(
        url, accept: "image/*",
        validators: CacheValidators(etag: entry.etag, lastModified: entry.lastModified),
        maxBytes: maxImageBytes)
    } catch let error as UpstreamError where !error.failure.isContentProblem {
      try await store.touchImage(key: entry.key, confirmed: false, etag: nil, lastModified: nil)
      return CachedImage(
        entry: entry, path: path, freshness: .stale,
        warning: "\(error); the cached copy was returned")
    }
    switch outcome {
    case .notModified(let validators):
      try await store.touchImage(
        key: entry.key, confirmed: true, etag: validators.etag,
        lastModified: validators.lastModified)
      let updated = try await store.image(key: entry.key) ?? entry
      return CachedImage(entry: updated, path: path, freshness: .revalidated)
    case .fetched(let body):
      return try await save(body, key: entry.key, store: store)
    }
  }

  private func save(_ body: HTTPBody, key: String, store: any ImageIndexStore) async throws
    -> CachedImage
  {
    let mimeType = try ImageCache.imageType(body)
    let now = await store.now()
    let entry = StoredImage(
      key: key, url: body.url, file: key + "." + ImageCache.fileExtension(for: mimeType),
      mimeType: mimeType, bytes: body.bytes.count, etag: body.validators.etag,
      lastModified: body.validators.lastModified, fetchedAt: now, lastUsedAt: now,
      maxAge: body.maxAge)
    try await store.saveImage(entry, bytes: Array(body.bytes), maxTotalBytes: maxTotalBytes)
    return CachedImage(entry: entry, path: await store.path(of: entry), freshness: .downloaded)
  }

  /// The MIME type of `body` without parameters, if it is an image.
  private static func imageType(_ body: HTTPBody) throws -> String {
    let declared = body.contentType.map {
      String($0.prefix { $0 != ";" }).lowercased().filter { $0 != " " }
    }
    guard let declared, declared.hasPrefix("image/"), declared.count > 6 else {
      throw UpstreamError(url: body.url, failure: .notAnImage(contentType: body.contentType))
    }
    return declared
  }

  private static func fileExtension(for mimeType: String) -> String {
    switch mimeType {
    case "image/jpeg", "image/pjpeg": return "jpg"
    case "image/svg+xml": return "svg"
    case "image/x-icon", "image/vnd.microsoft.icon": return "ico"
    default:
      let subtype = mimeType.dropFirst("image/".count)
      return subtype.allSatisfy({ $0.isLetter || $0.isNumber }) ? String(subtype) : "img"
    }
  }
}
