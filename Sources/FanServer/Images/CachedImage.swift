import FanStorage

/// An image as `images.fetch` hands it out: where it is on disk and how current it is.
package struct CachedImage: Sendable, Equatable {
  /// How the cached copy relates to the server's.
  package enum Freshness: String, Sendable, Codable {
    /// Downloaded by this call.
    case downloaded
    /// The server confirmed the cached copy (304 Not Modified).
    case revalidated
    /// The server could not be reached; the cached copy is returned as it is.
    case stale
    /// The cached copy is younger than `images.fetch`'s `maxAge` (or the server's
    /// `Cache-Control: max-age`, or a day), so the server was not asked.
    case cached
    /// The cached copy was confirmed recently enough for the caller, who did not ask the
    /// server again (the card export's rule, never `images.fetch`'s).
    case recent
  }

  /// The index entry.
  package var entry: StoredImage
  /// The absolute path of the file.
  package var path: String
  /// How current it is.
  package var freshness: Freshness
  /// Why it is stale, when it is.
  package var warning: String?
}
