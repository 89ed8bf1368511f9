import FanAPI
import FanCore
import FanProtocol
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import Testing

@Suite("The live sources a data directory remembers")
struct RememberedSourcesTests {
  let directory = FileManager.default.temporaryDirectory.appending(
    path: "bbfan-remembered-\(UUID().uuidString)"
  )
  .path()

  private func save(_ key: String, at time: Int64) async throws {
    let store = try StorageEngines.standard.openLocal(LocalStoreOptions(directory: directory))
    try await store.saveCatalog(StoredCatalog(source: key, refreshedAt: time, resources: []))
  }

  private let rickAndMorty = UniverseID(rawValue: "rick-and-morty")

  /// `configuration` with its remembered sources, read through its own snapshot reader.
  private static func remembered(_ configuration: ServiceConfiguration) throws
    -> ServiceConfiguration
  {
    try configuration.withRememberedSources(from: configuration.snapshotReader())
  }

  @Test("each universe given no source gets the source of its newest saved refresh")
  func newestPerUniverse() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let none = try Self.remembered(
      ServiceConfiguration(storageEngines: .standard, dataDirectory: directory))
    #expect(none.sources.isEmpty)
    try await save("http://a.test/api", at: 1000)
    try await save("http://b.test/api", at: 3000)
    try await save("rick-and-morty http://c.test/api", at: 2000)
    try await save("nowhere http://d.test/api", at: 5000)
    let remembered = try Self.remembered(
      ServiceConfiguration(storageEngines: .standard, dataDirectory: directory))
    #expect(remembered.sources[Universes.default.id]?.name == "http://b.test/api")
    #expect(remembered.sources[rickAndMorty]?.name == "http://c.test/api")
    #expect(remembered.sources.count == 2)
  }

  @Test("a source given, or embedded asked for, wins over the remembered one")
  func givenWins() async throws {
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await save("http://b.test/api", at: 3000)
    try await save("rick-and-morty http://c.test/api", at: 2000)
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory,
      source: try APIEndpoint(base: "http://a.test/api"))
    configuration.embedded = [rickAndMorty]
    let remembered = try Self.remembered(configuration)
    #expect(remembered.sources[Universes.default.id]?.name == "http://a.test/api")
    #expect(remembered.sources[rickAndMorty] == nil)
  }
}
