import FanAPI
import FanCore
import FanStorage
import FoundationEssentials
import JSONRPC

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Images downloaded once into the data directory and revalidated with ETag/Last-Modified.
///
/// Files live in `DATA_DIR/images`, named by the SHA-256 of their URL; the index (validators,
/// size, last use) lives in the database. Concurrent fetches of one URL share one download.
/// When the files together exceed the cap, the least recently used are removed.
package actor ImageCache {
  private let directory: String
  private let client: HTTPClient
  private let openStore: @Sendable () throws -> FanStore
  private let maxTotalBytes: Int
  private let maxImageBytes: Int
  private var waiting: [String: [CheckedContinuation<CachedImage, any Error>]] = [:]

  /// A cache in `directory` (created 0700 on first download) that downloads with `client`,
  /// indexes in the store `openStore` returns, and holds at most `maxTotalBytes`.
  package init(
    directory: String, client: HTTPClient, maxTotalBytes: Int, maxImageBytes: Int,
    openStore: @escaping @Sendable () throws -> FanStore
  ) {
    self.directory = directory
    self.client = client
    self.maxTotalBytes = maxTotalBytes
    self.maxImageBytes = min(maxImageBytes, maxTotalBytes)
    self.openStore = openStore
  }

  /// The cache key of `url`: the hex SHA-256 of its text.
  package static func key(for url: URL) -> String {
    Hex.encode(SHA256.hash(Array(url.absoluteString.utf8)))
  }

  /// The image at `url`, from the cache when the server confirms it is current.
  ///
  /// If another fetch of the same URL is under way, this one waits for it and shares its
  /// result. Throws `UpstreamError` (including `notAnImage`), `ImageCacheError`,
  /// `StorageError` or `CancellationError`.
  package func fetch(_ url: URL) async throws -> CachedImage {
    let key = ImageCache.key(for: url)
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
    } catch {
      result = .failure(error)
    }
    for continuation in waiting.removeValue(forKey: key) ?? [] {
      continuation.resume(with: result)
    }
    return try result.get()
  }

  private func load(_ url: URL, key: String) async throws -> CachedImage {
    let store = try openStore()
    if let entry = try await store.image(key: key) {
      let path = directory + "/" + entry.file
      if fileSize(path) == entry.bytes {
        return try await revalidate(url, entry: entry, path: path, store: store)
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

  private func revalidate(_ url: URL, entry: StoredImage, path: String, store: FanStore)
    async throws -> CachedImage
  {
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

  private func save(_ body: HTTPBody, key: String, store: FanStore) async throws -> CachedImage {
    let mimeType = try ImageCache.imageType(body)
    let file = key + "." + ImageCache.fileExtension(for: mimeType)
    try makeDirectory()
    let path = directory + "/" + file
    try write(body.bytes, to: path)
    let now = await store.now()
    let entry = StoredImage(
      key: key, url: body.url, file: file, mimeType: mimeType, bytes: body.bytes.count,
      etag: body.validators.etag, lastModified: body.validators.lastModified, fetchedAt: now,
      lastUsedAt: now)
    let evicted = try await store.saveImage(entry, maxTotalBytes: maxTotalBytes)
    for old in evicted where old.file != file {
      unlink(directory + "/" + old.file)
    }
    return CachedImage(entry: entry, path: path, freshness: .downloaded)
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

  // MARK: - Files

  private func fileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  private func makeDirectory() throws(ImageCacheError) {
    guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
      throw .fileSystem(path: directory, reason: String(cString: strerror(errno)))
    }
  }

  /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a reader
  /// never sees half an image.
  private func write(_ bytes: Data, to path: String) throws(ImageCacheError) {
    let temporary = path + ".part-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .fileSystem(path: temporary, reason: String(cString: strerror(errno)))
    }
    var failure = POSIXIO.writeAll(fd, Array(bytes))
    if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
    close(fd)
    if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
    if let failure {
      unlink(temporary)
      throw .fileSystem(path: path, reason: failure)
    }
  }
}
