import FanSQLite
import FanStorage
import Foundation
import TestSupport
import Testing

@Suite("SQLiteStore: saved catalogs and the image index")
struct SQLiteStoreCatalogTests {
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

  @Test("the snapshot reader tells a commit from another connection, and nothing else, as a change")
  func snapshotReaderNoticesCommits() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reader = SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true)
    // No database yet: it cannot tell, so a caller reads (and finds nothing).
    #expect(reader.mayHaveChanged())
    #expect(try reader.savedSources().isEmpty)
    let store = try SQLiteStore(directory: directory)
    #expect(reader.mayHaveChanged(), "the first look at a database counts as a change")
    #expect(!reader.mayHaveChanged(), "nothing was committed since")
    try await store.saveCatalog(catalog("http://a/api", at: 1000, body: "one"))
    #expect(reader.mayHaveChanged(), "a saved snapshot is a commit from another connection")
    #expect(try reader.savedSources() == ["http://a/api": 1000])
    #expect(try reader.catalog(source: "http://a/api")?.refreshedAt == 1000)
    #expect(!reader.mayHaveChanged(), "reading is not a change")
    // A look that failed is made again: the next look says so once, then nothing again.
    #expect(!reader.looksAgain)
    reader.lookAgain()
    #expect(reader.looksAgain)
    #expect(reader.mayHaveChanged(), "a look asked again counts as a change")
    #expect(!reader.looksAgain)
    #expect(!reader.mayHaveChanged())
  }

  @Test("the snapshot reader keeps one connection for its reads, which sees every later commit")
  func snapshotReaderKeepsItsConnection() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reader = SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true)
    #expect(try reader.catalog(source: "http://a/api") == nil, "no database: nothing opened")
    #expect(!FileManager.default.fileExists(atPath: directory))
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, body: "one"))
    #expect(try reader.savedSources() == ["http://a/api": 1000])
    let database = directory + "/" + SQLiteStore.fileName
    /// The descriptors this process has open on the database file.
    func descriptors() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0))
          == database
      }
    }
    let opened = try descriptors()
    for time in [2000, 3000] as [Int64] {
      let saved = catalog("http://a/api", at: time, body: "v\(time)")
      try await store.saveCatalog(saved)
      #expect(try reader.savedSources() == ["http://a/api": time])
      #expect(try reader.catalog(source: "http://a/api") == saved)
    }
    #expect(try descriptors() == opened, "a read opened the database again, or closed it")
    #expect(opened == 2, "the store's connection and the reader's")
    reader.lookAgain()
    #expect(try reader.catalog(source: "http://a/api")?.refreshedAt == 3000)
  }

  @Test("a saved catalog reads back whole, per source, and a new save replaces it")
  func roundTrip() async throws {
    let store = try SQLiteStore(directory: directory)
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == nil)
    let first = catalog("http://a/api", at: 1000, body: "one")
    try await store.saveCatalog(first)
    try await store.saveCatalog(catalog("http://b/api", at: 2000, body: "other"))
    #expect(try await store.catalog(source: "http://a/api") == first)
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == first)
    let second = catalog("http://a/api", at: 3000, body: "two")
    try await store.saveCatalog(second)
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == second)
    #expect(try await store.catalog(source: "http://b/api")?.refreshedAt == 2000)
  }

  @Test("the saved sources list every saved catalog's key with its refresh time, none before any")
  func savedSources() async throws {
    #expect(try SQLiteStore.savedCatalogSources(directory: directory) == [:])
    let store = try SQLiteStore(directory: directory)
    #expect(try SQLiteStore.savedCatalogSources(directory: directory) == [:])
    try await store.saveCatalog(catalog("http://a/api", at: 1000, body: "one"))
    try await store.saveCatalog(catalog("rick-and-morty http://b/api", at: 2000, body: "two"))
    try await store.saveCatalog(catalog("http://a/api", at: 3000, body: "three"))
    #expect(
      try SQLiteStore.savedCatalogSources(directory: directory) == [
        "http://a/api": 3000, "rick-and-morty http://b/api": 2000,
      ])
  }

  @Test(
    "a catalog's summary is kept with it, replaced by the next save, and none when none is given")
  func summary() async throws {
    let store = try SQLiteStore(directory: directory)
    var first = catalog("http://a/api", at: 1000, body: "one")
    first.summary = StoredCatalog.Summary(
      counts: ["episodes": 102, "characters": 62, "quotes": 70],
      problems: ["character 1: a problem, with = and , and\na new line", "character 2: another"],
      madeBy: "0.1.0")
    try await store.saveCatalog(first)
    #expect(try await store.catalog(source: "http://a/api") == first)
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == first)
    var second = catalog("http://a/api", at: 2000, body: "one")
    second.summary = StoredCatalog.Summary(
      counts: ["episodes": 1, "characters": 2], problems: [], madeBy: "0.1.0")
    try await store.saveCatalog(second)
    #expect(try await store.catalog(source: "http://a/api") == second)
    let bare = catalog("http://a/api", at: 3000, body: "one")
    try await store.saveCatalog(bare)
    #expect(try await store.catalog(source: "http://a/api")?.summary == nil)
  }

  @Test("a summary is read only with the bodies it was saved with, not after a save without it")
  func summaryOfOtherBodies() async throws {
    let store = try SQLiteStore(directory: directory)
    var first = catalog("http://a/api", at: 1000, body: "one")
    first.summary = StoredCatalog.Summary(counts: ["episodes": 3], problems: ["p"], madeBy: "0.1.0")
    try await store.saveCatalog(first)
    // A bbfan of schema 3, still running when the database was migrated, saves other bodies
    // and a refresh time the way it knows, leaving the summary as it was.
    let path = directory + "/" + SQLiteStore.fileName
    try runSQLite(
      """
      UPDATE catalog_resources SET body = x'5B5D' WHERE source = 'http://a/api';
      UPDATE catalog_refreshes SET refreshed_at = 2000 WHERE source = 'http://a/api';
      """, at: path)
    let read = try #require(try await store.catalog(source: "http://a/api"))
    #expect(read.refreshedAt == 2000)
    #expect(read.summary == nil)
  }

  @Test("a digest is read back with its refresh time, without the bodies, and only for them")
  func digestOfTheBodies() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    let reader = SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true)
    var first = catalog("http://a/api", at: 1000, body: "one")
    first.digest = "abc123"
    try await store.saveCatalog(first)
    #expect(
      try reader.catalogDigest(source: "http://a/api")
        == StoredCatalogDigest(refreshedAt: 1000, digest: "abc123"))
    #expect(try reader.catalog(source: "http://a/api")?.digest == "abc123")
    #expect(try await store.catalog(source: "http://a/api")?.digest == "abc123")
    #expect(try reader.catalogDigest(source: "http://b/api") == nil)
    // Saved again without one: none.
    try await store.saveCatalog(catalog("http://a/api", at: 1500, body: "two"))
    #expect(try reader.catalogDigest(source: "http://a/api") == nil)
    // A bbfan of schema 6, still running when the database was migrated, saves other bodies and
    // a refresh time the way it knows, leaving the digest as it was: it no longer counts.
    var third = catalog("http://a/api", at: 2000, body: "three")
    third.digest = "def456"
    try await store.saveCatalog(third)
    try runSQLite(
      """
      UPDATE catalog_resources SET body = x'5B5D' WHERE source = 'http://a/api';
      UPDATE catalog_refreshes SET refreshed_at = 3000 WHERE source = 'http://a/api';
      """, at: directory + "/" + SQLiteStore.fileName)
    reader.lookAgain()
    #expect(try reader.catalogDigest(source: "http://a/api") == nil)
    #expect(try reader.catalog(source: "http://a/api")?.refreshedAt == 3000)
    #expect(try reader.catalog(source: "http://a/api")?.digest == nil)
    #expect(try await store.catalog(source: "http://a/api")?.digest == nil)
  }

  @Test("a version 6 database's snapshot has no digest, before and after migrating")
  func version6Snapshot() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try SQLiteStore.makeDatabase(directory: directory, version: 6)
    try runSQLite(
      """
      INSERT INTO catalog_resources VALUES ('http://a/api', 'characters', 'http://a/api/characters',
        X'5B5D', NULL, NULL);
      INSERT INTO catalog_refreshes (source, refreshed_at) VALUES ('http://a/api', 1000);
      """, at: directory + "/" + SQLiteStore.fileName)
    let reader = SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true)
    #expect(try reader.catalogDigest(source: "http://a/api") == nil)
    #expect(try reader.catalog(source: "http://a/api")?.refreshedAt == 1000)
    #expect(try reader.catalog(source: "http://a/api")?.digest == nil)
    let store = try SQLiteStore(directory: directory)
    reader.lookAgain()
    #expect(try reader.catalogDigest(source: "http://a/api") == nil)
    #expect(try await store.catalog(source: "http://a/api")?.refreshedAt == 1000)
  }

  @Test("a version 3 database's snapshot reads without a summary, before and after migrating")
  func version3Snapshot() async throws {
    try SQLiteStore.makeDatabase(directory: directory, version: 3)
    let path = directory + "/" + SQLiteStore.fileName
    let schema = """
      INSERT INTO catalog_resources VALUES ('http://a/api', 'characters', 'http://a/api/characters',
        X'5B5D', NULL, NULL);
      INSERT INTO catalog_refreshes VALUES ('http://a/api', 1000);
      """
    try runSQLite(schema, at: path)
    // Read at start-up, which never migrates.
    let early = try #require(
      try SQLiteStore.readCatalog(directory: directory, source: "http://a/api"))
    #expect(early.refreshedAt == 1000)
    #expect(early.summary == nil)
    #expect(early.resources.map(\.body) == [Array("[]".utf8)])
    // The store migrates it: still no summary until a refresh saves one.
    let store = try SQLiteStore(directory: directory)
    #expect(try await store.catalog(source: "http://a/api")?.summary == nil)
    #expect(try await store.catalog(source: "http://a/api")?.refreshedAt == 1000)
  }

  @Test("a save with fewer bodies drops the others; one with the same bodies changes only the rest")
  func fewerAndSameBodies() async throws {
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, body: "one"))
    var shorter = catalog("http://a/api", at: 2000, body: "one")
    shorter.resources.removeLast()
    shorter.resources[0].etag = "\"new\""
    try await store.saveCatalog(shorter)
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == shorter)
    var longer = shorter
    longer.refreshedAt = 3000
    longer.resources.append(
      StoredCatalog.Resource(
        name: "quotes page 2", url: "http://a/api/quotes?page=2", body: Array("more".utf8),
        etag: nil, lastModified: "Thu, 07 Apr 2022 12:00:00 GMT"))
    try await store.saveCatalog(longer)
    let read = try SQLiteStore.readCatalog(directory: directory, source: "http://a/api")
    #expect(read?.refreshedAt == 3000)
    #expect(
      read?.resources.sorted { $0.name < $1.name } == longer.resources.sorted { $0.name < $1.name })
  }

  private func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  @Test("without checkpointsOnClose the write-ahead log is left, and the next store reads it")
  func writeAheadLogLeft() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let wal = directory + "/" + SQLiteStore.fileName + "-wal"
    let entry = image("a", bytes: 10, usedAt: 1)
    try await save(entry, in: try SQLiteStore(directory: directory, checkpointsOnClose: false))
    #expect(size(wal) > 0, "the log was copied into the database and removed")
    #expect(
      await (try SQLiteStore(directory: directory, checkpointsOnClose: false)).fileIsIntact(entry))
    #expect(size(wal) > 0)
    // A store that checkpoints (a service's) copies it in when it closes, as SQLite does.
    #expect(await (try SQLiteStore(directory: directory)).fileIsIntact(entry))
    #expect(size(wal) == 0)
  }

  @Test(
    "a saved catalog's log is copied into the database at once, even without checkpointsOnClose")
  func savedCatalogCheckpoints() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let wal = directory + "/" + SQLiteStore.fileName + "-wal"
    let store = try SQLiteStore(directory: directory, checkpointsOnClose: false)
    let saved = catalog("http://a/api", at: 1000, body: "one")
    try await store.saveCatalog(saved)
    #expect(size(wal) == 0, "a process opening the database would read the refresh's log again")
    let read = try SQLiteStore.readCatalog(
      directory: directory, source: "http://a/api", checkpointsOnClose: false)
    #expect(read == saved)
    // A write after it leaves its log as before.
    try await save(image("a", bytes: 10, usedAt: 1), in: store)
    #expect(size(wal) > 0)
  }

  @Test("reading at start-up never creates a data directory")
  func readCreatesNothing() throws {
    #expect(try SQLiteStore.readCatalog(directory: directory, source: "http://a/api") == nil)
    #expect(!FileManager.default.fileExists(atPath: directory))
  }

  private func image(_ key: String, bytes: Int, usedAt: Int64) -> StoredImage {
    StoredImage(
      key: key, url: "http://img/\(key)", file: key + ".png", mimeType: "image/png", bytes: bytes,
      etag: nil, lastModified: nil, fetchedAt: usedAt, lastUsedAt: usedAt)
  }

  /// Saves `image` with a file of its size.
  @discardableResult
  private func save(_ image: StoredImage, in store: SQLiteStore, cap: Int = 1000) async throws
    -> [StoredImage]
  {
    try await store.saveImage(
      image, bytes: [UInt8](repeating: 7, count: image.bytes), maxTotalBytes: cap)
  }

  @Test("an image's file is written 0600 under images/, whole, beside its index entry")
  func files() async throws {
    let store = try SQLiteStore(directory: directory)
    let entry = image("a", bytes: 400, usedAt: 1)
    try await save(entry, in: store)
    let path = await store.path(of: entry)
    #expect(path == directory + "/images/a.png")
    #expect(await store.fileIsIntact(entry))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(attributes[.size] as? Int == 400)
    // A file of the wrong size is not intact (the index entry is then dropped by the cache).
    try Data([1, 2, 3]).write(to: URL(filePath: path))
    #expect(!(await store.fileIsIntact(entry)))
  }

  @Test(
    "saving an image evicts the least recently used others, files included, until the total fits")
  func eviction() async throws {
    let store = try SQLiteStore(directory: directory)
    #expect(try await save(image("a", bytes: 400, usedAt: 1), in: store) == [])
    #expect(try await save(image("b", bytes: 400, usedAt: 2), in: store) == [])
    let evicted = try await save(image("c", bytes: 400, usedAt: 3), in: store)
    #expect(evicted.map { $0.key } == ["a"])
    #expect(try await store.image(key: "a") == nil)
    #expect(!FileManager.default.fileExists(atPath: directory + "/images/a.png"))
    #expect(FileManager.default.fileExists(atPath: directory + "/images/b.png"))
    // One image larger than the cap evicts every other, and is kept itself.
    let all = try await save(image("d", bytes: 5000, usedAt: 4), in: store)
    #expect(Set(all.map { $0.key }) == ["b", "c"])
    #expect(try await store.image(key: "d")?.bytes == 5000)
  }

  @Test("touching an image marks it used, and after a 304 updates its validators")
  func touch() async throws {
    let store = try SQLiteStore(directory: directory, clock: { 50 })
    try await save(image("a", bytes: 10, usedAt: 1), in: store)
    try await store.touchImage(key: "a", confirmed: false, etag: "\"x\"", lastModified: nil)
    #expect(try await store.image(key: "a")?.lastUsedAt == 50)
    #expect(try await store.image(key: "a")?.etag == nil)
    try await store.touchImage(key: "a", confirmed: true, etag: "\"x\"", lastModified: nil)
    #expect(try await store.image(key: "a")?.etag == "\"x\"")
    #expect(try await store.image(key: "a")?.fetchedAt == 50)
  }

  @Test("an image's max-age reads back as saved, nil when its server gave none")
  func maxAgeRoundTrip() async throws {
    let store = try SQLiteStore(directory: directory)
    var entry = image("a", bytes: 10, usedAt: 1)
    entry.maxAge = 600
    try await save(entry, in: store)
    try await save(image("b", bytes: 10, usedAt: 2), in: store)
    #expect(try await store.image(key: "a")?.maxAge == 600)
    #expect(try await store.image(key: "b")?.maxAge == nil)
    // A 304 keeps it.
    try await store.touchImage(key: "a", confirmed: true, etag: "\"x\"", lastModified: nil)
    #expect(try await store.image(key: "a")?.maxAge == 600)
  }

  @Test("a version 4 image index gains max_age, its entries kept with none")
  func version4Images() async throws {
    try SQLiteStore.makeDatabase(directory: directory, version: 4)
    try runSQLite(
      """
      INSERT INTO images VALUES ('a', 'http://img/a', 'a.png', 'image/png', 10, '"e"', NULL, 5, 6);
      """, at: directory + "/" + SQLiteStore.fileName)
    let store = try SQLiteStore(directory: directory)
    let entry = try #require(try await store.image(key: "a"))
    #expect(entry.etag == "\"e\"" && entry.fetchedAt == 5 && entry.maxAge == nil)
  }
}
