import FanAPI
import FanCore
import FanServer
import Foundation
import JSONRPC
import Testing

@Suite("Each universe's catalog store")
struct CatalogStoresTests {
  private func service(
    logLevel: DiagnosticLog.Level = .warning, source: APIEndpoint? = nil
  ) throws -> FanService {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-stores-\(UUID().uuidString)")
    return try FanService(
      configuration: ServiceConfiguration(
        dataDirectory: directory.path(), logLevel: logLevel, source: source))
  }

  @Test("the default universe's embedded catalog loads on first use, not at start")
  func defaultLoadsOnFirstUse() throws {
    let service = try service()
    let stores = service.catalogStores
    #expect(stores.isLoaded(Universes.default.id) == false)
    // Its summary does not load it either.
    let summary = try #require(try stores.summary(of: Universes.default.id))
    #expect(summary.counts == ["episodes": 102, "characters": 62, "quotes": 70])
    #expect(stores.isLoaded(Universes.default.id) == false)
    _ = try stores.loaded(universe: nil)
    #expect(stores.isLoaded(Universes.default.id))
    #expect(try service.catalogStore().current.catalog.quotes.count == 70)
  }

  @Test("the default universe's catalog loads at start when the log wants its line")
  func defaultLoadsForTheLog() throws {
    let stores = try service(logLevel: .info).catalogStores
    #expect(stores.isLoaded(Universes.default.id))
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")))
  }

  @Test("the default universe's catalog loads at start when it has a live source")
  func defaultLoadsWithLiveSource() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let stores = try service(source: source).catalogStores
    #expect(stores.isLoaded(Universes.default.id))
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")) == false)
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
    #expect(stores.version == [nil, nil])
    let primary = try stores.primary()
    #expect(stores.version == [0, nil])
    _ = try stores.loaded(universe: UniverseID(rawValue: "rick-and-morty"))
    #expect(stores.version == [0, 0])
    primary.replace(with: primary.current)
    #expect(stores.version == [1, 0])
  }

  @Test("the default universe's summary is the same before its catalog loads as after")
  func defaultSummaryWithoutLoading() throws {
    let stores = try service().catalogStores
    let before = try stores.primarySummary()
    #expect(stores.isLoaded(Universes.default.id) == false)
    _ = try stores.primary()
    #expect(try stores.primarySummary() == before)
  }
}
