import FanAPI
import FanCore
import FanStorage
import JSONRPC

/// The bbfan service: its methods bound to their handlers, ready to be served by a connection.
package struct FanService: Sendable {
  /// The configuration the service runs with.
  package let configuration: ServiceConfiguration
  /// The schema files of every method; read on first use (only `rpc.discover` needs them, and
  /// parsing them at every start would double a cold `bbfan call`).
  package var schemas: SchemaRegistry { schemaOverride ?? .embedded }
  private let schemaOverride: SchemaRegistry?
  /// The catalog of every universe the methods answer from.
  package let catalogStores: CatalogStores
  /// The catalog of the default universe.
  package var catalogStore: CatalogStore { catalogStores.primary }
  /// The seed of per-request randomness.
  package let randomSeed: UInt64
  /// Accounts, sessions and favourites.
  package let accounts: AccountService
  /// The diagnostics log.
  package let log: DiagnosticLog
  /// Refreshes the catalog from the live source.
  package let refresher: CatalogRefresher
  /// The on-disk image cache.
  package let images: ImageCache

  /// Creates the service with the catalog last refreshed from its live source, or else the one
  /// embedded in the executable.
  package init(configuration: ServiceConfiguration, schemas: SchemaRegistry? = nil) throws {
    let log = DiagnosticLog(level: configuration.logLevel)
    let clock = ContinuousClock()
    let start = clock.now
    var stored: CatalogStore.Loaded?
    if let source = configuration.source {
      do {
        stored = try CatalogStore.stored(
          source: source.name, directory: configuration.dataDirectory)
      } catch {
        log.warning(
          "catalog: the saved snapshot of \(source.name) cannot be read (\(error)); serving the "
            + "embedded one until catalog.refresh succeeds")
      }
    }
    let store = CatalogStore(try stored ?? CatalogStore.embeddedCatalog())
    let loaded = store.current
    for problem in loaded.problems { log.warning("catalog: \(problem)") }
    log.info(
      "catalog: \(loaded.catalog.episodes.count) episodes, \(loaded.catalog.characters.count) "
        + "characters, \(loaded.catalog.quotes.count) quotes from \(loaded.source) in \(clock.now - start)"
    )
    // The other universes load on first use, or now when the log wants their problems.
    var others: [LazyCatalogStore] = []
    for universe in Universes.all where universe.id != store.universe {
      let lazy = LazyCatalogStore(universe: universe.id) {
        let start = ContinuousClock().now
        let loaded = try CatalogStore.embeddedCatalog(of: universe)
        for problem in loaded.problems { log.info("catalog \(universe.id): \(problem)") }
        log.info(
          "catalog \(universe.id): \(loaded.catalog.episodes.count) episodes, "
            + "\(loaded.catalog.characters.count) characters, "
            + "\(loaded.catalog.locations.count) locations from \(loaded.source) in "
            + "\(ContinuousClock().now - start)")
        return loaded
      }
      if log.enabled(.info) { _ = try lazy.store() }
      others.append(lazy)
    }
    self.init(
      configuration: configuration, schemas: schemas,
      catalogStores: CatalogStores(primary: store, others: others), log: log)
  }

  /// Creates the service with a given catalog of the default universe.
  package init(
    configuration: ServiceConfiguration, schemas: SchemaRegistry? = nil,
    catalogStore: CatalogStore,
    log: DiagnosticLog? = nil
  ) {
    self.init(
      configuration: configuration, schemas: schemas,
      catalogStores: CatalogStores(primary: catalogStore), log: log)
  }

  /// Creates the service with given catalogs.
  package init(
    configuration: ServiceConfiguration, schemas: SchemaRegistry? = nil,
    catalogStores: CatalogStores,
    log: DiagnosticLog? = nil
  ) {
    let catalogStore = catalogStores.primary
    self.configuration = configuration
    self.schemaOverride = schemas
    self.catalogStores = catalogStores
    self.randomSeed = configuration.seed ?? UInt64.random(in: .min ... .max)
    self.accounts = AccountService(
      directory: configuration.dataDirectory, iterations: configuration.passwordIterations,
      busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
    self.log = log ?? DiagnosticLog(level: configuration.logLevel)
    let accounts = self.accounts
    let client = HTTPClient(
      transport: FetchHelperTransport(
        helperPath: FetchHelperTransport.defaultHelperPath()),
      limits: configuration.http, userAgent: "\(ServiceVersion.name)/\(ServiceVersion.version)")
    self.refresher = CatalogRefresher(
      source: configuration.source.map {
        HTTPCatalogSource(universe: Universes.default, endpoint: $0, client: client)
      },
      catalogStore: catalogStore, openStore: { try accounts.store() })
    self.images = ImageCache(
      client: client,
      maxTotalBytes: configuration.imageCacheBytes, maxImageBytes: configuration.maxImageBytes,
      openStore: { try accounts.store() })
  }

  /// The router with every method of the service.
  package func makeRouter() -> MethodRouter {
    var router = MethodRouter()
    registerServiceMethods(into: &router)
    registerRPCMethods(into: &router)
    registerEpisodeMethods(into: &router)
    registerCharacterMethods(into: &router)
    registerLocationMethods(into: &router)
    registerQuoteMethods(into: &router)
    registerAuthMethods(into: &router)
    registerFavoriteMethods(into: &router)
    registerCatalogMethods(into: &router)
    registerImageMethods(into: &router)
    return router
  }

  /// What a catalog method does when storage cannot be used: it answers without `isFavorite`
  /// and logs why.
  func answeringWithoutFavorites(_ method: String) -> @Sendable (StorageError) -> Void {
    let log = self.log
    return { error in
      log.warning("\(method): answered without isFavorite, storage cannot be used: \(error)")
    }
  }

  /// A connection serving this service's methods.
  package func makeConnection() -> JSONRPCConnection {
    let log = self.log
    return JSONRPCConnection(
      router: makeRouter(), limits: configuration.limits, log: log,
      errorMapper: { ErrorMapping.jsonRPCError(for: $0, log: log) })
  }
}
