import FanAPI
import FanCore
import FanProtocol
import FanStorage
import JSON
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
  package let servedCatalogs: ServedCatalogs
  /// The catalog of the default universe, loaded if it is not yet.
  package func currentCatalog() throws -> CurrentCatalog { try servedCatalogs.primary() }
  /// The seed of per-request randomness.
  package let randomSeed: UInt64
  /// Every store, one per concern, opened on first use.
  package let storage: Storage
  /// The data directory's saved catalog snapshots, watched for refreshes other processes save.
  let snapshots: any SnapshotReader
  /// Accounts, sessions and the accounts signed in on the data directory.
  package let accounts: AccountService
  /// The diagnostics log.
  package let log: DiagnosticLog
  /// Refreshes each served universe's catalog from its live source.
  package let refreshers: [UniverseID: CatalogRefresher]
  /// The on-disk image cache.
  package let images: ImageCache
  /// The connections subscribed to changes, and what they were last told.
  package let notifier = ChangeNotifier()
  /// `episodes.get`'s replies, encoded once per catalog.
  let encodedEpisodeReplies = EncodedRecords()
  /// Each episode's record, as `episodes.list` and `episodes.filter` give it, encoded once per
  /// catalog.
  let encodedEpisodeRecords = EncodedRecords()

  /// Creates the service with each universe's catalog last refreshed from its live source, or
  /// else the one embedded in the executable; a universe given no source (nor told to serve its
  /// embedded catalog) has the live source of its last saved refresh.
  ///
  /// Each universe's catalog loads on first use, or now when the log wants its load line and
  /// mapping problems; the default universe's also loads now when it has a live source, so that
  /// a saved snapshot that cannot be read, or its mapping problems, are warned of at start.
  /// Without `loadsCatalogsAtStart` (a one-shot call), every catalog loads on first use, and
  /// its lines are logged then; a `catalog.refresh` that finds every list unchanged loads none.
  /// (Its embedded snapshot, the only other, has none: a one-shot call that never uses the
  /// catalog, such as `images.fetch`, does not decode it.) HTTP goes through `httpTransport`, the
  /// one the executable composed (`bbfan`: libcurl in this process), or nowhere when none is
  /// given (`NoHTTPTransport`).
  package init(
    configuration given: ServiceConfiguration, schemas: SchemaRegistry? = nil,
    httpTransport: (any HTTPTransport)? = nil
  ) throws {
    let log = DiagnosticLog(level: given.logLevel)
    // A universe given no --source is served, and refreshed, from the live source of its last
    // saved refresh.
    var configuration = given
    // One reader for the saved refreshes and then the catalogs: one connection to the database.
    let snapshots = given.snapshotReader()
    do {
      configuration = try given.withRememberedSources(from: snapshots)
    } catch {
      log.warning(
        "catalog: the data directory's saved refreshes cannot be read ("
          + "\(ErrorMapping.logText(for: error))); serving the embedded catalogs of universes "
          + "given no --source")
    }
    let universes = configuration.universes
    let primary = try Self.lazyCatalogStore(
      of: universes.default, configuration: configuration, snapshots: snapshots, log: log)
    let others = try universes.all.filter { $0.id != primary.universe }.map {
      try Self.lazyCatalogStore(
        of: $0, configuration: configuration, snapshots: snapshots, log: log)
    }
    self.init(
      configuration: configuration, schemas: schemas,
      servedCatalogs: ServedCatalogs(primary: primary, others: others, universeList: universes),
      log: log,
      httpTransport: httpTransport, snapshots: snapshots)
  }

  /// The store of `universe`'s catalog, loaded now when the log wants its load line and mapping
  /// problems, or when it is the default universe's and has a live source (see `init`).
  private static func lazyCatalogStore(
    of universe: any CatalogUniverse, configuration: ServiceConfiguration,
    snapshots: any SnapshotReader, log: DiagnosticLog
  ) throws -> LazyCurrentCatalog {
    // Without a live source the embedded snapshot is what loads, and it can be counted without
    // loading it.
    let embedded = EmbeddedCatalogSource(universe: universe)
    let live = configuration.sources[universe.id] != nil
    var counts: (@Sendable () throws -> [String: Int])?
    if !live {
      counts = { @Sendable () throws -> [String: Int] in try embedded.recordCounts() }
    }
    let store = LazyCurrentCatalog(
      universe: universe.id,
      load: {
        try Self.loadCatalog(
          of: universe, configuration: configuration, snapshots: snapshots, log: log)
      },
      counts: counts)
    if configuration.loadsCatalogsAtStart
      && (log.enabled(.info) || (live && universe.id == configuration.universes.default.id))
    {
      _ = try store.currentCatalog()
    }
    return store
  }

  /// The catalog of `universe`: the snapshot last refreshed from its live source, else the
  /// embedded one; its mapping problems and counts go to the log.
  private static func loadCatalog(
    of universe: any CatalogUniverse, configuration: ServiceConfiguration,
    snapshots: any SnapshotReader, log: DiagnosticLog
  ) throws -> CurrentCatalog.Loaded {
    let clock = ContinuousClock()
    let start = clock.now
    let isDefault = universe.id == configuration.universes.default.id
    // The default universe's lines keep the words scripts that read the log match; the others
    // name their universe.
    let prefix = isDefault ? "catalog" : "catalog \(universe.id)"
    var stored: CurrentCatalog.Loaded?
    if let source = configuration.sources[universe.id] {
      do {
        stored = try CurrentCatalog.stored(
          of: universe, source: source.name, from: snapshots,
          images: configuration.savedCatalogImages)
      } catch {
        log.warning(
          "\(prefix): the saved snapshot of \(source.name) cannot be read ("
            + "\(ErrorMapping.logText(for: error))); serving the embedded one until "
            + "catalog.refresh succeeds")
      }
    }
    let loaded =
      try stored
      ?? CurrentCatalog.embeddedCatalog(
        of: universe, image: configuration.opensCatalogImages)
    for problem in loaded.problems {
      if isDefault {
        log.warning("\(prefix): \(problem)")
      } else {
        log.info("\(prefix): \(problem)")
      }
    }
    let took = clock.now - start
    log.info(
      "\(prefix): \(listCounts(of: loaded.catalog, in: universe)) from \(loaded.source) in \(took)")
    return loaded
  }

  /// "N episodes, N characters" and the universe's other lists in its order, for the log (made
  /// only when the log writes it).
  private static func listCounts(of catalog: Catalog, in universe: any CatalogUniverse) -> String {
    let counts = ServedCatalogs.counts(of: catalog, lists: universe.resources)
    let others = universe.resources.map(\.name).filter { $0 != "episodes" && $0 != "characters" }
    return (["episodes", "characters"] + others).map { "\(counts[$0] ?? 0) \($0)" }
      .joined(separator: ", ")
  }

  /// Creates the service with a given catalog of the default universe.
  package init(
    configuration: ServiceConfiguration, schemas: SchemaRegistry? = nil,
    currentCatalog: CurrentCatalog,
    log: DiagnosticLog? = nil
  ) {
    self.init(
      configuration: configuration, schemas: schemas,
      servedCatalogs: ServedCatalogs(
        primary: currentCatalog, universeList: configuration.universes),
      log: log)
  }

  /// Creates the service with given catalogs.
  ///
  /// HTTP goes through `httpTransport`, the one the executable composed (`bbfan`: libcurl in
  /// this process, `FanCurl`'s `CurlTransport`), or nowhere (`NoHTTPTransport`) when none is
  /// given. The saved refreshes are read through `snapshots` (by default, the configuration's
  /// `snapshotReader()`).
  package init(
    configuration: ServiceConfiguration, schemas: SchemaRegistry? = nil,
    servedCatalogs: ServedCatalogs,
    log: DiagnosticLog? = nil, httpTransport: (any HTTPTransport)? = nil,
    snapshots: (any SnapshotReader)? = nil
  ) {
    self.configuration = configuration
    self.schemaOverride = schemas
    self.servedCatalogs = servedCatalogs
    self.randomSeed = configuration.seed ?? UInt64.random(in: .min ... .max)
    let storage = Storage(
      engines: configuration.storageEngines,
      options: LocalStoreOptions(
        directory: configuration.dataDirectory,
        busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
        clock: configuration.clock.now,
        checkpointsOnClose: configuration.checkpointsOnClose),
      sharedDatabase: configuration.database)
    self.snapshots = snapshots ?? configuration.snapshotReader()
    self.storage = storage
    self.accounts = AccountService(
      storage: storage, iterations: configuration.passwordIterations,
      followsDataDirectory: configuration.followsDataDirectorySignIn)
    self.log = log ?? DiagnosticLog(level: configuration.logLevel)
    let client = HTTPClient(
      transport: httpTransport ?? NoHTTPTransport(),
      limits: configuration.http, userAgent: "\(ServiceVersion.name)/\(ServiceVersion.version)",
      clock: configuration.clock.now)
    var refreshers: [UniverseID: CatalogRefresher] = [:]
    for id in servedCatalogs.universes {
      guard let universe = servedCatalogs.universeList.named(id),
        let lazyCatalog = servedCatalogs.lazyCatalog(id)
      else {
        continue
      }
      refreshers[id] = CatalogRefresher(
        universe: id,
        source: { [configuration] in
          configuration.refreshSource(of: id).map {
            HTTPCatalogSource(universe: universe, endpoint: $0, client: client)
          }
        },
        catalog: lazyCatalog, openStore: { try storage.catalogSnapshots() })
    }
    self.refreshers = refreshers
    self.images = ImageCache(
      client: client,
      maxTotalBytes: configuration.imageCacheBytes, maxImageBytes: configuration.maxImageBytes,
      retryAfter: configuration.imageRetryAfterSeconds, openStore: { try storage.imageIndex() })
  }

  /// The router with every method of the service.
  package func makeRouter() -> MethodRouter {
    makeRouter(MethodRouter())
  }

  /// The router of a connection that answers one call of `method`: that method alone is made
  /// (the others' names are kept, so an unknown method is answered as the full router answers
  /// it, with its suggestion).
  package func makeRouter(keepingOnly method: String) -> MethodRouter {
    makeRouter(MethodRouter(keepingOnly: method))
  }

  private func makeRouter(_ empty: MethodRouter) -> MethodRouter {
    var router = empty
    // Params name universes and series of the list this service serves.
    router.decodeUniverses(against: servedCatalogs.universeList)
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
    registerProfileMethods(into: &router)
    registerQuizMethods(into: &router)
    registerNotificationMethods(into: &router)
    // Every string and array param within its schema's maxLength and maxItems (each method's
    // schema read on its first call, not all of them at start).
    router.checkBounds(
      floor: SchemaRegistry.embeddedParamsFloor,
      paramsSchema: SchemaRegistry.embeddedParamsSchema(of:))
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
    makeConnection(router: makeRouter())
  }

  /// A connection for one call of `method` (`bbfan call`), which answers it as
  /// `makeConnection()` would, without making the other methods.
  package func makeConnection(forOneCallOf method: String) -> JSONRPCConnection {
    makeConnection(router: makeRouter(keepingOnly: method))
  }

  /// A connection serving `router` (another interface to this service, such as MCP's) with this
  /// service's limits, log and error mapping; a request the client cancels is answered -32800
  /// unless `answersCancelled` is false.
  ///
  /// Calls are scheduled by `ServiceScheduler`: user-state requests that share a commit
  /// (`favorites.toggle`) and are queued together write in one transaction (the storage engine's
  /// `sharingCommit`, whose group handle the queue gives each of them), and are answered once it
  /// has committed. What is pushed to the client passes through `rewritingPushes` when given
  /// (MCP translates the service's notifications into its own).
  package func makeConnection(
    router: some Router, answersCancelled: Bool = true,
    rewritingPushes: (@Sendable ([JSONValue]) -> [JSONValue])? = nil
  )
    -> JSONRPCConnection
  {
    let log = self.log
    return JSONRPCConnection(
      router: router, limits: configuration.limits, log: log,
      answersCancelled: answersCancelled,
      scheduler: ServiceScheduler(commitScope: { [engines = storage.engines] body in
        try await engines.sharingCommit { group in await body(group) }
      }),
      companion: { [self] in await watchChanges() },
      rewritingPushes: rewritingPushes,
      errorMapper: { ErrorMapping.jsonRPCError(for: $0, log: log) })
  }
}
