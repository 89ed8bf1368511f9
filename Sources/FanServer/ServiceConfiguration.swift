import FanAPI
import FanCatalogImages
import FanCore
import FanProtocol
import FanStorage
import JSONRPC

/// Everything the service is configured with, from the command line.
package struct ServiceConfiguration: Sendable, Equatable {
  /// Where the service keeps its state.
  package var dataDirectory: String
  /// The storage engines: what opens the data directory's store and connects to a shared
  /// database (chosen by the executable's wiring).
  package var storageEngines: StorageEngines
  /// The protocol limits.
  package var limits: MessageLimits
  /// How much the service writes to stderr.
  package var logLevel: DiagnosticLog.Level
  /// The seed of all randomness (`--seed N`); nil for a fresh one each run.
  package var seed: UInt64?
  /// PBKDF2 iterations for new password hashes (`--password-cost N`; lower only for tests).
  package var passwordIterations: Int
  /// The universes served, the default first (the shipped ones; a test may add a fixture
  /// universe).
  package var universes: UniverseList = Universes.shipped
  /// The live API each universe's `catalog.refresh` fetches from (`--source [NAME=]URL`); a
  /// universe without one serves its embedded catalog.
  package var sources: [UniverseID: APIEndpoint] = [:]
  /// The universes told to serve their embedded catalog for this run (`--source embedded`,
  /// `--source NAME=embedded`), whatever refresh the data directory holds; any other universe
  /// without a source gets the one its last saved refresh came from
  /// (`withRememberedSources`).
  package var embedded: Set<UniverseID> = []
  /// The universes given no `--source` whose source is the one of their last saved refresh
  /// (`withRememberedSources`): a refresh another process saves later, from any source, is
  /// theirs to follow.
  package var rememberedSources: Set<UniverseID> = []
  /// The live API each universe's `catalog.refresh` falls back on: its public API.
  ///
  /// Used when the service has no source for the universe and was not told to serve its
  /// embedded catalog. None by default; `bbfan` gives each universe's own
  /// (`BBFAN_PUBLIC_SOURCES` turns them off or points them elsewhere). `service.info` names it
  /// only once a refresh from it succeeded. Given endpoints, or the universes' own, parsed when
  /// asked for (`PublicAPIs`).
  package var publicAPIs = PublicAPIs(given: [:])
  /// The live API of the default universe (`--source URL`); nil for `embedded`.
  package var source: APIEndpoint? {
    get { sources[universes.default.id] }
    set { sources[universes.default.id] = newValue }
  }
  /// The timeout, body cap and retries of requests to the live API and image hosts.
  package var http: HTTPLimits
  /// The most bytes the image cache keeps before it evicts the least recently used images
  /// (`--image-cache-bytes N`).
  package var imageCacheBytes: Int
  /// The largest single image accepted, in bytes.
  package var maxImageBytes: Int
  /// How long a download that failed is failed again at once, without asking its host, in
  /// seconds (`--image-retry-after SECONDS`; 0: never).
  package var imageRetryAfterSeconds = 30
  /// How long a write waits for another process holding the database, in milliseconds
  /// (`--busy-timeout SECONDS`).
  package var busyTimeoutMilliseconds = StorageDefaults.busyTimeoutMilliseconds
  /// The service's one clock, in milliseconds since 1970.
  ///
  /// Stored times, study schedules, the image cache's ages and the HTTP dates of `Retry-After`
  /// all read it. The system's wall clock unless the composer injects another (a test's fixed
  /// one).
  package var clock = ServiceClock.wall
  /// The shared database (`postgres://…`) holding accounts, favourites, quizzes and profiles
  /// for every machine; the data directory's SQLite file when nil.
  package var database: String?
  /// Whether requests without a token act for whoever is signed in on the data directory now
  /// (read again for each request, as `bbfan mcp` does: its user signs in from a terminal while
  /// it runs), rather than for the account this process last signed in or found at start.
  package var followsDataDirectorySignIn = false
  /// Whether the SQLite database's write-ahead log is copied into the database file when the
  /// service closes it; a one-shot `bbfan call`, usually followed by another, leaves it for the
  /// next process instead, which saves four fsyncs a call, until the log has grown past 100
  /// pages (see the SQLite engine's `SQLiteStore.init`).
  package var checkpointsOnClose = true
  /// Whether catalogs whose load the log should report (or the default universe's, when it has
  /// a live source) load at start rather than on first use; a one-shot `bbfan call` loads only
  /// the catalog its request uses, when it uses it (a `catalog.refresh` that finds every list
  /// unchanged, none: the counts it answers with were saved with the lists).
  package var loadsCatalogsAtStart = true
  /// Whether a universe's embedded catalog opens from the catalog image made at build time
  /// (`EmbeddedCatalogImages`, when it matches the embedded snapshot) rather than by mapping the
  /// snapshot: the same catalog either way; false only for the tests that compare the two.
  package var opensCatalogImages = true

  /// Where a saved refresh's catalog image is kept (`SavedCatalogImages`, beside the data
  /// directory's store); nil when `opensCatalogImages` is false.
  package var savedCatalogImages: SavedCatalogImages? {
    opensCatalogImages ? SavedCatalogImages(dataDirectory: dataDirectory) : nil
  }

  /// Creates a configuration.
  package init(
    storageEngines: StorageEngines, dataDirectory: String, limits: MessageLimits = MessageLimits(),
    logLevel: DiagnosticLog.Level = .warning, seed: UInt64? = nil,
    passwordIterations: Int = 600_000, source: APIEndpoint? = nil,
    http: HTTPLimits = HTTPLimits(), imageCacheBytes: Int = 64 << 20, maxImageBytes: Int = 8 << 20
  ) {
    self.storageEngines = storageEngines
    self.dataDirectory = dataDirectory
    self.limits = limits
    self.logLevel = logLevel
    self.seed = seed
    self.passwordIterations = passwordIterations
    self.sources = source.map { [Universes.shipped.default.id: $0] } ?? [:]
    self.http = http
    self.imageCacheBytes = imageCacheBytes
    self.maxImageBytes = maxImageBytes
  }

  /// A reader of the catalog snapshots the data directory keeps.
  package func snapshotReader() -> any SnapshotReader {
    storageEngines.snapshots(dataDirectory, checkpointsOnClose)
  }
}
