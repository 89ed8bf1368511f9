import FanStorage
import Foundation
import TestSupport
import Testing

@testable import FanSQLite

@Suite("SQLiteSnapshotStamp: the saved refreshes told without opening the database")
struct SQLiteSnapshotStampTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-stamp-\(UUID().uuidString)/data"
  )
  .path()

  /// The margin the tests stamp with: a database left unchanged this long is stamped.
  static let margin: Duration = .milliseconds(50)

  private var stampPath: String { directory + "/" + SQLiteSnapshotStamp.fileName }

  private func catalog(_ source: String, at time: Int64, digest: String?) -> StoredCatalog {
    StoredCatalog(
      source: source, refreshedAt: time,
      resources: ["characters", "episodes", "quotes"].map {
        StoredCatalog.Resource(
          name: $0, url: source + "/" + $0, body: Array("\(time) \($0)".utf8), etag: nil,
          lastModified: nil)
      }, digest: digest)
  }

  /// Waits out the margin, so that the next reader may stamp what it reads.
  private func settle() async throws {
    try await Task.sleep(for: Self.margin * 2)
  }

  /// What a reader answers: the saved sources, and the digest of each and of one never saved.
  private func answers(_ reader: SQLiteSnapshotReader, keys: [String]) throws -> String {
    let sources = try reader.savedSources()
    let digests = try (keys + ["http://never/api"]).map {
      "\($0): \(String(describing: try reader.catalogDigest(source: $0)))"
    }
    return "\(sources.sorted { $0.key < $1.key })\n" + digests.joined(separator: "\n")
  }

  private func stamping() -> SQLiteSnapshotReader {
    SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true, stampMargin: Self.margin)
  }

  private func plain() -> SQLiteSnapshotReader {
    SQLiteSnapshotReader(directory: directory, checkpointsOnClose: true, stampMargin: nil)
  }

  /// Whether the stamp in the directory describes the database as it is now.
  private func stampDescribesDatabase() -> Bool {
    guard let files = SQLiteSnapshotStamp.files(in: directory),
      let stamp = SQLiteSnapshotStamp.read(in: directory)
    else { return false }
    return stamp.describes(files)
  }

  @Test("a stamp reads back as written; cut short, damaged or of another schema, it is not read")
  func text() throws {
    let state = SQLiteSnapshotStamp.FileState(
      device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5)
    let stamp = SQLiteSnapshotStamp(
      database: state, takenAt: .seconds(1_800_000_000) + .nanoseconds(123), log: nil,
      sources: ["http://a/api": 1000, "rick-and-morty http://b/api": 2000],
      digests: ["http://a/api": StoredCatalogDigest(refreshedAt: 1000, digest: "abc123")])
    let text = stamp.text
    func read(_ text: String) -> SQLiteSnapshotStamp? {
      SQLiteSnapshotStamp(bytes: Array(text.utf8))
    }
    #expect(read(text) == stamp)
    var withLog = stamp
    withLog.log = SQLiteSnapshotStamp.FileState(
      device: .max, inode: 6, size: 1, seconds: -7, nanoseconds: 999_999_999)
    #expect(read(withLog.text) == withLog)
    #expect(read(String(text.dropLast())) == nil, "no last line break")
    #expect(read(String(text.dropLast(10))) == nil, "cut short")
    let lines = text.split(separator: "\n")
    #expect(read(lines.dropLast().joined(separator: "\n") + "\n") == nil, "no checksum line")
    let damaged = text.replacingOccurrences(of: "http://a/api", with: "http://e/api")
    #expect(read(damaged) == nil, "a byte changed")
    /// `lines` (the checksum line left out) sealed with their checksum.
    func sealed(_ lines: [Substring]) -> String {
      let body = lines.joined(separator: "\n") + "\n"
      let sum = SQLiteSnapshotStamp.checksum(of: Array(body.utf8)[...])
      return body + "end " + String(sum, radix: 16) + "\n"
    }
    #expect(read(sealed(Array(lines.dropLast()))) == stamp, "sealed again, it reads")
    let otherSchema = text.replacingOccurrences(
      of: "schema \(SQLiteStore.schemaVersion)", with: "schema \(SQLiteStore.schemaVersion - 1)")
    #expect(
      read(sealed(Array(otherSchema.split(separator: "\n").dropLast()))) == nil,
      "another schema's stamp, sealed")
    let twice = Array(lines.dropLast()) + [lines[4]]
    #expect(read(sealed(twice)) == nil, "a key twice")
    let overflowing = text.replacingOccurrences(of: "database 1 ", with: "database 1\(UInt64.max) ")
    #expect(read(sealed(Array(overflowing.split(separator: "\n").dropLast()))) == nil)
    #expect(read("") == nil)
    #expect(read("end 0\n") == nil)
  }

  @Test(
    "a key or digest that a stamp's line cannot hold makes no stamp",
    arguments: [
      (["http://a/api\nrefresh 1 - x": 1], [:]),
      (["http://a/api": 1], ["http://a/api": StoredCatalogDigest(refreshedAt: 1, digest: "a b")]),
      (["http://a/api": 1], ["http://a/api": StoredCatalogDigest(refreshedAt: 1, digest: "-")]),
      (["http://a/api": 1], ["http://a/api": StoredCatalogDigest(refreshedAt: 1, digest: "")]),
      (["http://a/api": 1], ["http://a/api": StoredCatalogDigest(refreshedAt: 2, digest: "ab")]),
      (["http://a/api": 1], ["http://b/api": StoredCatalogDigest(refreshedAt: 1, digest: "ab")]),
      (["": 1], [:]),
    ] as [([String: Int64], [String: StoredCatalogDigest])])
  func unwritable(sources: [String: Int64], digests: [String: StoredCatalogDigest]) throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let state = SQLiteSnapshotStamp.FileState(
      device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5)
    let stamp = SQLiteSnapshotStamp(
      database: state, takenAt: .seconds(6), log: nil, sources: sources, digests: digests)
    #expect(SQLiteSnapshotStamp(bytes: Array(stamp.text.utf8)) != stamp, "does not read back")
    #expect(throws: StorageError.self) { try stamp.write(in: directory) }
    #expect(!FileManager.default.fileExists(atPath: stampPath))
    // The same stamp without them is written.
    let plain = SQLiteSnapshotStamp(
      database: state, takenAt: .seconds(6), log: nil, sources: ["http://a/api": 1], digests: [:])
    try plain.write(in: directory)
    #expect(SQLiteSnapshotStamp.read(in: directory) == plain)
  }

  @Test("a reader with stamps answers as one without, in every state of the saved refreshes")
  func sameAnswers() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let keys = ["http://a/api", "rick-and-morty http://b/api"]
    /// The answers of a reader that stamps, of one that reads the stamp it wrote, and of one
    /// without stamps, which must be the same.
    func check(_ state: Comment) async throws {
      try await settle()
      let first = try answers(stamping(), keys: keys)
      #expect(stampDescribesDatabase(), "stamped: \(state)")
      let second = try answers(stamping(), keys: keys)
      #expect(first == second, "\(state)")
      #expect(try answers(plain(), keys: keys) == first, "\(state)")
    }
    // No database: no stamp, nothing saved.
    #expect(try answers(stamping(), keys: keys) == answers(plain(), keys: keys))
    #expect(!FileManager.default.fileExists(atPath: stampPath))
    let store = try SQLiteStore(directory: directory)
    try await check("a database with no refresh")
    try await store.saveCatalog(catalog(keys[0], at: 1000, digest: "abc123"))
    try await check("one refresh with its digest")
    try await store.saveCatalog(catalog(keys[1], at: 1500, digest: nil))
    try await check("a second universe's refresh, without a digest")
    try await store.saveCatalog(catalog(keys[0], at: 2000, digest: "def456"))
    try await check("the first refreshed again")
    // A digest saved with other bodies (a bbfan of schema 6 saved them) does not count.
    try runSQLite(
      "UPDATE catalog_refreshes SET refreshed_at = 2500 WHERE source = 'http://a/api'",
      at: directory + "/" + SQLiteStore.fileName)
    try await check("a digest of other bodies")
    #expect(try plain().catalogDigest(source: keys[0]) == nil)
    try await store.scrubLog()
    try await check("the log copied into the database")
  }

  @Test("a stamp that describes the database is believed without opening it; a commit ends it")
  func believedUntilACommit() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    try await settle()
    _ = try stamping().savedSources()
    var stamp = try #require(SQLiteSnapshotStamp.read(in: directory))
    // A stamp that says otherwise, of the same files: believed, so the database was not read.
    stamp.digests["http://a/api"] = StoredCatalogDigest(refreshedAt: 1000, digest: "fed999")
    try stamp.write(in: directory)
    #expect(
      try stamping().catalogDigest(source: "http://a/api")?.digest == "fed999",
      "a stamp that describes the files answers")
    // Taken at a time still to come (the clock was set back since): not believed.
    var ahead = stamp
    ahead.takenAt = .seconds(Int64(Date().timeIntervalSince1970) + 3600)
    try ahead.write(in: directory)
    #expect(try stamping().catalogDigest(source: "http://a/api")?.digest == "abc123")
    try stamp.write(in: directory)
    #expect(try stamping().catalogDigest(source: "http://a/api")?.digest == "fed999")
    // A commit changes the files: the stamp no longer describes them, at once.
    try await store.saveCatalog(catalog("http://a/api", at: 3000, digest: "bcd234"))
    let reader = stamping()
    #expect(
      try reader.catalogDigest(source: "http://a/api")
        == StoredCatalogDigest(refreshedAt: 3000, digest: "bcd234"))
    #expect(try reader.savedSources() == ["http://a/api": 3000])
  }

  @Test("a database changed within the margin is not stamped, and is read each time")
  func tooLate() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    let reader = SQLiteSnapshotReader(
      directory: directory, checkpointsOnClose: true, stampMargin: .seconds(3600))
    #expect(try reader.savedSources() == ["http://a/api": 1000])
    #expect(!FileManager.default.fileExists(atPath: stampPath))
  }

  @Test("a stamp that cannot be read or written changes no answer")
  func unusableStamp() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    try FileManager.default.createDirectory(atPath: stampPath, withIntermediateDirectories: false)
    try await settle()
    let expected = try answers(plain(), keys: ["http://a/api"])
    #expect(try answers(stamping(), keys: ["http://a/api"]) == expected)
    #expect(try answers(stamping(), keys: ["http://a/api"]) == expected)
    try FileManager.default.removeItem(atPath: stampPath)
    try Data("not a stamp\n".utf8).write(to: URL(filePath: stampPath))
    #expect(try answers(stamping(), keys: ["http://a/api"]) == expected)
    #expect(stampDescribesDatabase(), "a damaged stamp is replaced")
  }

  @Test("an older schema's database is read as without stamps, and a newer one still refused")
  func otherSchemas() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try SQLiteStore.makeDatabase(directory: directory, version: 6)
    try runSQLite(
      "INSERT INTO catalog_refreshes (source, refreshed_at) VALUES ('http://a/api', 1000)",
      at: directory + "/" + SQLiteStore.fileName)
    try await settle()
    #expect(try stamping().savedSources() == ["http://a/api": 1000])
    #expect(!FileManager.default.fileExists(atPath: stampPath))
    try runSQLite(
      "PRAGMA user_version = \(SQLiteStore.schemaVersion + 1)",
      at: directory + "/" + SQLiteStore.fileName)
    try await settle()
    #expect(throws: StorageError.self) { try stamping().savedSources() }
    #expect(throws: StorageError.self) { try plain().savedSources() }
  }

  @Test("an empty log counts as none: the log a read leaves does not end the stamp")
  func emptyLog() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    let log = directory + "/" + SQLiteStore.fileName + "-wal"
    // saveCatalog copied the log in and emptied it: as good as none.
    try await settle()
    _ = try stamping().savedSources()
    #expect(stampDescribesDatabase())
    #expect(SQLiteSnapshotStamp.read(in: directory)?.log == nil)
    try FileManager.default.removeItem(atPath: log)
    #expect(stampDescribesDatabase(), "no log at all")
    #expect(FileManager.default.createFile(atPath: log, contents: Data()))
    #expect(stampDescribesDatabase(), "an empty log again")
    try Data([0]).write(to: URL(filePath: log))
    #expect(!stampDescribesDatabase(), "a log that holds something")
  }

  @Test("a database that is not a regular file is never stamped, and is read as before")
  func symbolicLink() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let elsewhere = directory + "-elsewhere"
    defer { try? FileManager.default.removeItem(atPath: elsewhere) }
    let store = try SQLiteStore(directory: elsewhere)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // SQLite names the log after the link's target: a stamp could not see a commit in it.
    try FileManager.default.createSymbolicLink(
      atPath: directory + "/" + SQLiteStore.fileName,
      withDestinationPath: elsewhere + "/" + SQLiteStore.fileName)
    try await settle()
    #expect(try stamping().savedSources() == ["http://a/api": 1000])
    #expect(!FileManager.default.fileExists(atPath: stampPath))
    try await store.saveCatalog(catalog("http://a/api", at: 2000, digest: "bcd234"))
    #expect(try stamping().catalogDigest(source: "http://a/api")?.refreshedAt == 2000)
  }

  @Test("a database modified in the far future (after 2262) is read, and stamped without a trap")
  func farFuture() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try SQLiteStore(directory: directory)
    try await store.saveCatalog(catalog("http://a/api", at: 1000, digest: "abc123"))
    let database = directory + "/" + SQLiteStore.fileName
    // 2300-01-01: past what nanoseconds since 1970 hold in 64 bits.
    var times = [
      timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0),
    ]
    try #require(utimensat(AT_FDCWD, database, &times, 0) == 0)
    let state = try #require(SQLiteSnapshotStamp.files(in: directory)?.database)
    #expect(state.seconds == 10_413_792_000)
    #expect(try stamping().savedSources() == ["http://a/api": 1000])
    #expect(!FileManager.default.fileExists(atPath: stampPath), "modified after now: not stamped")
    #expect(try plain().savedSources() == ["http://a/api": 1000])
  }
}
