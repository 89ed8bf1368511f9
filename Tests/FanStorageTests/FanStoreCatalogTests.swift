import FanStorage
import Foundation
import TestSupport
import Testing

@Suite("FanStore: saved catalogs and the image index")
struct FanStoreCatalogTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-store-\(UUID().uuidString)/data"
  )
  .path()

  private func catalog(_ source: String, at time: Int64, body: String) -> StoredCatalog {
    StoredCatalog(
      source: source, refreshedAt: time,
      resources: ["characters", "episodes", "quotes"].map {
        StoredCatalog.Resource(
          name: $0, url: source + "/" + $0, body: Array("\(body) \($0)".utf8),
          etag: "\"\($0)\"", lastModified: nil)
      })
  }

  @Test("a saved catalog reads back whole, per source, and a new save replaces it")
  func roundTrip() async throws {
    let store = try FanStore(directory: directory)
    #expect(try FanStore.readCatalog(directory: directory, source: "http://a/api") == nil)
    let first = catalog("http://a/api", at: 1000, body: "one")
    try await store.saveCatalog(first)
    try await store.saveCatalog(catalog("http://b/api", at: 2000, body: "other"))
    #expect(try await store.catalog(source: "http://a/api") == first)
    #expect(try FanStore.readCatalog(directory: directory, source: "http://a/api") == first)
    let second = catalog("http://a/api", at: 3000, body: "two")
    try await store.saveCatalog(second)
    #expect(try FanStore.readCatalog(directory: directory, source: "http://a/api") == second)
    #expect(try await store.catalog(source: "http://b/api")?.refreshedAt == 2000)
  }

  @Test("reading at start-up never creates a data directory")
  func readCreatesNothing() throws {
    #expect(try FanStore.readCatalog(directory: directory, source: "http://a/api") == nil)
    #expect(!FileManager.default.fileExists(atPath: directory))
  }

  private func image(_ key: String, bytes: Int, usedAt: Int64) -> StoredImage {
    StoredImage(
      key: key, url: "http://img/\(key)", file: key + ".png", mimeType: "image/png", bytes: bytes,
      etag: nil, lastModified: nil, fetchedAt: usedAt, lastUsedAt: usedAt)
  }

  @Test("saving an image evicts the least recently used others until the total fits")
  func eviction() async throws {
    let store = try FanStore(directory: directory)
    #expect(try await store.saveImage(image("a", bytes: 400, usedAt: 1), maxTotalBytes: 1000) == [])
    #expect(try await store.saveImage(image("b", bytes: 400, usedAt: 2), maxTotalBytes: 1000) == [])
    let evicted = try await store.saveImage(image("c", bytes: 400, usedAt: 3), maxTotalBytes: 1000)
    #expect(evicted.map(\.key) == ["a"])
    #expect(try await store.image(key: "a") == nil)
    #expect(try await store.imageCacheUsage() == (entries: 2, bytes: 800))
    // One image larger than the cap evicts every other, and is kept itself.
    let all = try await store.saveImage(image("d", bytes: 5000, usedAt: 4), maxTotalBytes: 1000)
    #expect(Set(all.map(\.key)) == ["b", "c"])
    #expect(try await store.image(key: "d")?.bytes == 5000)
  }

  @Test("touching an image marks it used, and after a 304 updates its validators")
  func touch() async throws {
    let store = try FanStore(directory: directory, clock: { 50 })
    _ = try await store.saveImage(image("a", bytes: 10, usedAt: 1), maxTotalBytes: 1000)
    try await store.touchImage(key: "a", confirmed: false, etag: "\"x\"", lastModified: nil)
    #expect(try await store.image(key: "a")?.lastUsedAt == 50)
    #expect(try await store.image(key: "a")?.etag == nil)
    try await store.touchImage(key: "a", confirmed: true, etag: "\"x\"", lastModified: nil)
    #expect(try await store.image(key: "a")?.etag == "\"x\"")
    #expect(try await store.image(key: "a")?.fetchedAt == 50)
  }
}
