import FanAPI

/// Why `catalog.refresh` did not change the catalog.
package enum CatalogRefreshError: Error, Sendable, Equatable {
  /// The service was started without `--source URL`.
  case noLiveSource
  /// Another refresh is running on this service.
  case alreadyRunning
  /// The live source failed; the catalog in use was kept.
  case fetchFailed(UpstreamError)
}
