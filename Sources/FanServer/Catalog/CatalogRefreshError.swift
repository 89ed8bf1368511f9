import FanAPI
import FanCore
import FanProtocol

/// Why `catalog.refresh` did not change the catalog.
package enum CatalogRefreshError: Error, Sendable, Equatable {
  /// The service was started without a live source for this universe (`--source [NAME=]URL`).
  case noLiveSource(UniverseID)
  /// Another refresh is running on this service.
  case alreadyRunning
  /// The live source failed; the catalog in use was kept.
  case fetchFailed(UpstreamError)
}
