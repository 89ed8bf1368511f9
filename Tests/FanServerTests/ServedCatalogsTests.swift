import FanAPI
import FanCore
import FanProtocol
import FanServer
import FanStorage
import FanStorageEngines
import Foundation
import JSONRPC
import Testing

@Suite("Each universe's catalog store")
struct ServedCatalogsTests {
  private func service(
    logLevel: DiagnosticLog.Level = .warning, source: APIEndpoint? = nil,
    loadsAtStart: Bool = true
  ) throws -> FanService {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-stores-\(UUID().uuidString)")
    var configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), logLevel: logLevel, source: source
    )
    configuration.loadsCatalogsAtStart = loadsAtStart
    return try TestComposition.service(configuration)
  }

  @Test("a one-shot call's service loads no catalog at start, live source and log or not")
  func oneShotLoadsOnFirstUse() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let stores = try service(logLevel: .info, source: source, loadsAtStart: false).servedCatalogs
    #expect(stores.isLoaded(Universes.default.id) == false)
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")) == false)
    // On first use it loads what it would have at start: no snapshot is saved, so the embedded.
    #expect(try stores.loaded(universe: nil).source == "embedded")
  }

  @Test("a store holding a new catalog is replaced, or made with it without loading the old one")
  func holding() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let stores = try service(source: source, loadsAtStart: false).servedCatalogs
    let lazy = try #require(stores.lazyCatalog(Universes.default.id))
    let embedded = try CurrentCatalog.embeddedCatalog()
    var newer = embedded
    newer.source = source.name
    newer.refreshedAt = 1_234
    // Not loaded: the store is made with the new catalog, and nothing else is loaded.
    let store = lazy.currentCatalog(holding: newer)
    #expect(stores.isLoaded(Universes.default.id))
    #expect(store.current.refreshedAt == 1_234)
    #expect(store.version == 0)
    // Loaded: the same store, its catalog replaced.
    newer.refreshedAt = 5_678
    let again = lazy.currentCatalog(holding: newer)
    #expect(again === store)
    #expect(again.current.refreshedAt == 5_678)
    #expect(again.version == 1)
  }

  @Test("the default universe's embedded catalog loads on first use, not at start")
  func defaultLoadsOnFirstUse() throws {
    let service = try service()
    let stores = service.servedCatalogs
    #expect(stores.isLoaded(Universes.default.id) == false)
    // Its summary does not load it either.
    let summary = try #require(try stores.summary(of: Universes.default.id))
    #expect(summary.counts == ["episodes": 102, "characters": 62, "quotes": 70])
    #expect(stores.isLoaded(Universes.default.id) == false)
    _ = try stores.loaded(universe: nil)
    #expect(stores.isLoaded(Universes.default.id))
    #expect(try service.currentCatalog().current.catalog.quotes.count == 70)
  }

  @Test("the default universe's catalog loads at start when the log wants its line")
  func defaultLoadsForTheLog() throws {
    let stores = try service(logLevel: .info).servedCatalogs
    #expect(stores.isLoaded(Universes.default.id))
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")))
  }

  @Test("the default universe's catalog loads at start when it has a live source")
  func defaultLoadsWithLiveSource() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let stores = try service(source: source).servedCatalogs
    #expect(stores.isLoaded(Universes.default.id))
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")) == false)
  }

  @Test("a universe's summary is the same before its catalog loads as after")
  func summaryWithoutLoading() throws {
    let stores = try service().servedCatalogs
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
    let stores = try service().servedCatalogs
    let summary = try #require(try stores.summary(of: Universes.default.id))
    #expect(summary.counts == ["episodes": 102, "characters": 62, "quotes": 70])
    #expect(summary.source == "embedded")
    #expect(summary.refreshedAt == nil)
  }

  @Test("the stores' version changes when a universe loads and when a catalog is replaced")
  func version() throws {
    let stores = try service().servedCatalogs
    #expect(stores.version == 0)
    let primary = try stores.primary()
    #expect(stores.version == 1)
    _ = try stores.loaded(universe: UniverseID(rawValue: "rick-and-morty"))
    #expect(stores.version == 2)
    primary.replace(with: primary.current)
    #expect(stores.version == 3)
  }

  @Test("the default universe's summary is the same before its catalog loads as after")
  func defaultSummaryWithoutLoading() throws {
    let stores = try service().servedCatalogs
    let before = try stores.primarySummary()
    #expect(stores.isLoaded(Universes.default.id) == false)
    _ = try stores.primary()
    #expect(try stores.primarySummary() == before)
  }
}
