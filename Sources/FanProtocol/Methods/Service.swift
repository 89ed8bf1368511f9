/// `service.info`: the service's name, version, protocol capabilities and limits.
public enum ServiceInfo: WireMethod {
  /// The wire name.
  public static let name = "service.info"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [.invalidParams]

  /// Takes no parameters.
  public typealias Params = NoParams

  /// What the service is and what it supports.
  public struct Result: Codable, Sendable, Equatable {
    /// The protocol capabilities.
    public struct ProtocolInfo: Codable, Sendable, Equatable {
      /// The protocol limits in force.
      public struct Limits: Codable, Sendable, Equatable {
        /// The largest message accepted, in bytes.
        public var maxMessageBytes: Int
        /// The deepest nesting accepted.
        public var maxDepth: Int
        /// The most elements a batch may have.
        public var maxBatchLength: Int

        /// A value with these members.
        public init(maxMessageBytes: Int, maxDepth: Int, maxBatchLength: Int) {
          self.maxMessageBytes = maxMessageBytes
          self.maxDepth = maxDepth
          self.maxBatchLength = maxBatchLength
        }
      }

      /// Always `2.0`.
      public var jsonrpc: String
      /// The framings understood, each detected per message.
      public var framings: [String]
      /// The notifications that cancel a request.
      public var cancellation: [String]
      /// The notification sent for requests that carry a `progressToken`.
      public var progress: String
      /// The limits in force.
      public var limits: Limits

      /// A value with these members.
      public init(
        jsonrpc: String, framings: [String], cancellation: [String], progress: String,
        limits: Limits
      ) {
        self.jsonrpc = jsonrpc
        self.framings = framings
        self.cancellation = cancellation
        self.progress = progress
        self.limits = limits
      }
    }

    /// Always `bbfan`.
    public var name: String
    /// The service's semantic version.
    public var version: String
    /// The protocol capabilities.
    public var `protocol`: ProtocolInfo
    /// Where the service keeps its state.
    public var dataDirectory: String
    /// The catalog being served of the default universe (for clients that know only the default
    /// universe; `universes` has every one).
    public var catalog: CatalogInfo
    /// Every universe served, in order, each with its catalog's origin and counts.
    public var universes: [UniverseInfo]
    /// Which store holds accounts, favourites, quizzes and profiles.
    public var storage: StorageInfo

    /// A value with these members.
    public init(
      name: String, version: String, protocol: ProtocolInfo, dataDirectory: String,
      catalog: CatalogInfo, universes: [UniverseInfo], storage: StorageInfo
    ) {
      self.name = name
      self.version = version
      self.protocol = `protocol`
      self.dataDirectory = dataDirectory
      self.catalog = catalog
      self.universes = universes
      self.storage = storage
    }
  }

  /// The store of the shared state.
  public struct StorageInfo: Codable, Sendable, Equatable {
    /// `sqlite` (the data directory's file) or `postgres` (a shared database).
    public var kind: String
    /// `bbfan.sqlite3` (in `dataDirectory`), or the database's URL without its password.
    public var location: String

    /// A value with these members.
    public init(kind: String, location: String) {
      self.kind = kind
      self.location = location
    }
  }

  /// One universe's catalog: where it came from and what it holds.
  public struct UniverseInfo: Codable, Sendable, Equatable {
    /// The universe's wire name.
    public var universe: UniverseID
    /// Where the catalog being served came from: `embedded`, or the live source's base URL.
    public var source: String
    /// When the catalog being served was fetched from the live source (ISO 8601), or null: the
    /// seed's "timestamp of last refresh".
    @EncodedAsNull public var refreshedAt: String?
    /// The live source `catalog.refresh` fetches this universe from, or null.
    @EncodedAsNull public var liveSource: String?
    /// The size of each list the universe has.
    public var counts: Counts

    /// A value with these members.
    public init(
      universe: UniverseID, source: String, refreshedAt: String? = nil, liveSource: String? = nil,
      counts: Counts
    ) {
      self.universe = universe
      self.source = source
      self.refreshedAt = refreshedAt
      self.liveSource = liveSource
      self.counts = counts
    }
  }

  /// Where the catalog came from and what it holds.
  public struct CatalogInfo: Codable, Sendable, Equatable {
    /// Where the catalog being served came from: `embedded`, or the live source's base URL.
    public var source: String
    /// The number of episodes.
    public var episodes: Int
    /// The number of characters.
    public var characters: Int
    /// The number of quotes.
    public var quotes: Int
    /// When the catalog being served was fetched from the live source (ISO 8601), or null.
    @EncodedAsNull public var refreshedAt: String?
    /// The live source `catalog.refresh` fetches from (`--source URL`), or null.
    @EncodedAsNull public var liveSource: String?

    /// A value with these members.
    public init(
      source: String, episodes: Int, characters: Int, quotes: Int, refreshedAt: String? = nil,
      liveSource: String? = nil
    ) {
      self.source = source
      self.episodes = episodes
      self.characters = characters
      self.quotes = quotes
      self.refreshedAt = refreshedAt
      self.liveSource = liveSource
    }
  }

  /// The size of a catalog: a count for each list its universe has (quotes for Breaking Bad,
  /// locations for Rick and Morty).
  public struct Counts: Codable, Sendable, Equatable {
    /// The number of episodes.
    public var episodes: Int
    /// The number of characters.
    public var characters: Int
    /// The number of quotes, for a universe with quotes.
    public var quotes: Int?
    /// The number of locations, for a universe with locations.
    public var locations: Int?

    /// A value with these members.
    public init(episodes: Int, characters: Int, quotes: Int? = nil, locations: Int? = nil) {
      self.episodes = episodes
      self.characters = characters
      self.quotes = quotes
      self.locations = locations
    }

  }
}
