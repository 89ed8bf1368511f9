import FanAPI
import FanCore
import FanServer
import FanStorage
import Foundation
import JSONRPC
import Testing

@Suite("Each universe's catalog store")
struct CatalogStoresTests {
  private func service(
    logLevel: DiagnosticLog.Level = .warning, source: APIEndpoint? = nil,
    loadsAtStart: Bool = true
  ) throws -> FanService {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-stores-\(UUID().uuidString)")
    var configuration = ServiceConfiguration(
      dataDirectory: directory.path(), logLevel: logLevel, source: source)
    configuration.loadsCatalogsAtStart = loadsAtStart
    return try FanService(configuration: configuration)
  }

  @Test("a one-shot call's service loads no catalog at start, live source and log or not")
  func oneShotLoadsOnFirstUse() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let stores = try service(logLevel: .info, source: source, loadsAtStart: false).catalogStores
    #expect(stores.isLoaded(Universes.default.id) == false)
    #expect(stores.isLoaded(UniverseID(rawValue: "rick-and-morty")) == false)
    // On first use it loads what it would have at start: no snapshot is saved, so the embedded.
    #expect(try stores.loaded(universe: nil).source == "embedded")
  }

  @Test("a store not loaded yet loads from the snapshot it is given, and only once")
  func loadsFromGivenSnapshot() throws {
    let source = try APIEndpoint(base: "http://127.0.0.1:1/api")
    let bodies = try EmbeddedCatalogSource(universe: BreakingBad()).bodies()
    // The data directory holds no snapshot: what loads can only come from the one given.
    let saved = StoredCatalog(
      source: source.name, refreshedAt: 1_234,
      resources: BreakingBad().resources.map { resource in
        StoredCatalog.Resource(
          name: resource.name, url: source.name + "/" + resource.name,
          body: Array(bodies[resource]?.first ?? Data()), etag: "\"1\"", lastModified: nil)
      })
    let stores = try service(source: source, loadsAtStart: false).catalogStores
    let store = try #require(try stores.store(nil, from: .read(saved)))
    #expect(store.current.source == source.name)
    #expect(store.current.refreshedAt == 1_234)
    #expect(store.current.catalog.quotes.count == 70)
    // Loaded now: another snapshot given later is not used.
    let again = try #require(try stores.store(nil, from: .read(nil)))
    #expect(again.current.refreshedAt == 1_234)

    // None saved: the embedded catalog, as a load that reads finds.
    let other = try service(source: source, loadsAtStart: false).catalogStores
    #expect(try other.store(nil, from: .read(nil))?.current.source == "embedded")
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
    let stores = try service().catalogStores
    let before = try stores.primarySummary()
    #expect(stores.isLoaded(Universes.default.id) == false)
    _ = try stores.primary()
    #expect(try stores.primarySummary() == before)
  }
}
