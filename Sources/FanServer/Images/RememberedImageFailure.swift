import FanAPI

/// A download that failed a moment ago, answered again at once: the same error, with how many
/// seconds are left before the host is asked again.
struct RememberedImageFailure: Error {
  /// The error the download failed with.
  let error: UpstreamError
  /// Whole seconds until the URL is fetched from its host again.
  let retryAfter: Int
}
