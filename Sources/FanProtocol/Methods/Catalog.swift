import JSON

/// `catalog.refresh`: fetch the catalog from the live source, validate it, save it, swap it in.
public enum CatalogRefresh: WireMethod {
  /// The wire name.
  public static let name = "catalog.refresh"
  /// The errors its schema documents.
  public static let errors: [MethodError] = [
    .application(.noLiveSource), .application(.upstreamUnavailable), .application(.upstreamInvalid),
  ]

  /// `{universe?}` (and `progressToken`, like every request).
  public struct Params: Codable, Sendable, Equatable {
    /// The universe to refresh; the default one when absent.
    public var universe: UniverseID?

    /// Refreshes the default universe.
    public init(universe: UniverseID? = nil) {
      self.universe = universe
    }

    /// Decodes, ignoring an empty universe.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.wireVocabulary)
    }
  }

  /// What the refresh did.
  public struct Result: Codable, Sendable, Equatable {
    /// One list's fate.
    public struct Resource: Codable, Sendable, Equatable {
      /// The list: `characters`, `episodes`, `quotes` or `locations`.
      public var name: String
      /// The URL it was fetched from.
      public var url: String
      /// Which page of the list, for an API that pages its lists (absent for a whole list).
      public var page: Int?
      /// `fetched`, or `not-modified` when the server confirmed the saved copy (304).
      public var status: String
      /// The size of the body now in use.
      public var bytes: Int

      /// A value with these members.
      public init(name: String, url: String, page: Int? = nil, status: String, bytes: Int) {
        self.name = name
        self.url = url
        self.page = page
        self.status = status
        self.bytes = bytes
      }
    }

    /// The universe refreshed, when the params name one (absent otherwise, so a reply to params
    /// without it has the members clients of the default universe read).
    public var universe: UniverseID?
    /// The source's base URL.
    public var source: String
    /// When the refresh completed (ISO 8601, UTC).
    public var refreshedAt: String
    /// Whether it replaced the catalog in use: false when every body was the one the catalog
    /// in use was made from, which then stays (and so do the page cursors into it).
    public var changed: Bool
    /// The catalog now served.
    public var counts: ServiceInfo.Counts
    /// The lists, each whole or page by page.
    public var resources: [Resource]
    /// Records the mapping adjusted or left out, as for the embedded data.
    public var problems: [String]

    /// A value with these members.
    public init(
      universe: UniverseID? = nil, source: String, refreshedAt: String, changed: Bool,
      counts: ServiceInfo.Counts, resources: [Resource], problems: [String]
    ) {
      self.universe = universe
      self.source = source
      self.refreshedAt = refreshedAt
      self.changed = changed
      self.counts = counts
      self.resources = resources
      self.problems = problems
    }
  }
}

/// `catalog.changed`: the notification a connection gets after the reply of a `catalog.refresh`
/// that replaced a universe's catalog, so that a screen knows to load its lists again.
public enum CatalogChanged {
  /// The wire name.
  public static let name = "catalog.changed"

  /// `{universe, refreshedAt}`.
  public struct Params: Codable, Sendable, Equatable {
    /// The universe whose catalog was replaced.
    public var universe: UniverseID
    /// When the refresh completed (ISO 8601, UTC), as its reply says.
    public var refreshedAt: String

    /// A value with these members.
    public init(universe: UniverseID, refreshedAt: String) {
      self.universe = universe
      self.refreshedAt = refreshedAt
    }
  }
}
