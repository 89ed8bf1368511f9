import FanAPI
import FanCore
import FanServer
import Foundation
import Testing

@Suite("Each universe's catalog store")
struct CatalogStoresTests {
  private func service() throws -> FanService {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-stores-\(UUID().uuidString)")
    return try FanService(configuration: ServiceConfiguration(dataDirectory: directory.path()))
  }

  @Test("a universe's summary is the same before its catalog loads as after")
  func summaryWithoutLoading() throws {
    let stores = try service().catalogStores
    let rickAndMorty = UniverseID(rawValue: "rick-and-morty")
    let before = try #require(try stores.summary(of: rickAndMorty))
    // Asking for the summary did not load the catalog.
    #expect(stores.isLoaded(rickAndMorty) == false)
    _ = try stores.loaded(universe: rickAndMorty)
    #expect(stores.isLoaded(rickAndMorty))
    let after = try #require(try stores.summary(of: rickAndMorty))
    #expect(before == after)
    #expect(after.counts == ["episodes": 51, "characters": 826, "locations": 126])
  }

  @Test("the default universe's summary counts its quotes, not locations")
  func defaultUniverse() throws {
    let stores = try service().catalogStores
    let summary = try #require(try stores.summary(of: Universes.default.id))
    #expect(summary.counts == ["episodes": 102, "characters": 62, "quotes": 70])
    #expect(summary.source == "embedded")
    #expect(summary.refreshedAt == nil)
  }

  @Test("the stores' version changes when a universe loads and when a catalog is replaced")
  func version() throws {
    let stores = try service().catalogStores
    let start = stores.version
    #expect(start == [0, nil])
    _ = try stores.loaded(universe: UniverseID(rawValue: "rick-and-morty"))
    let loaded = stores.version
    #expect(loaded == [0, 0])
    stores.primary.replace(with: stores.primary.current)
    #expect(stores.version == [1, 0])
  }
}
