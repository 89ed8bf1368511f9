import FanCore
import FanProtocol

/// What a successful refresh did.
package struct RefreshReport: Sendable, Equatable {
  /// One list's fate.
  package struct Resource: Sendable, Equatable {
    /// `characters`, `episodes` or `quotes`.
    package var name: String
    /// The URL it was fetched from.
    package var url: String
    /// Which page of the list, for an API that pages its lists; nil for a whole list.
    package var page: Int?
    /// Whether the server answered 304 (the stored copy is current).
    package var notModified: Bool
    /// The size of the body now in force.
    package var bytes: Int
  }

  /// The universe refreshed.
  package var universe: UniverseID
  /// The source's base URL.
  package var source: String
  /// When the refresh completed (milliseconds since 1970).
  package var refreshedAt: Int64
  /// Whether it replaced the catalog a request would have used: false when it found the bodies
  /// that catalog was made from (it is kept, and so are the page cursors into it).
  package var changed: Bool
  /// The size of each list of the catalog now served, by list name.
  package var counts: [String: Int]
  /// The lists, each whole or page by page.
  package var resources: [Resource]
  /// Records that were adjusted or left out by the mapping (the same as for the embedded data).
  package var problems: [String]
}
