import FanProtocol

extension FanService {
  /// Whether a one-shot request of `method` will do HTTP with `configuration`: `images.fetch`
  /// always, `catalog.refresh` when some universe has a live source or a public API (the one it names is
  /// checked when it runs).
  ///
  /// `bbfan call` loads and sets up libcurl at once for such a request, on a thread of its own,
  /// so that it overlaps the service's own start; a guess that turns out wrong costs only that
  /// set-up.
  package static func needsHTTP(method: String, configuration: ServiceConfiguration) -> Bool {
    switch method {
    case ImagesFetch.name: return true
    case CatalogRefresh.name:
      return !configuration.sources.isEmpty || !configuration.publicAPIs.isEmpty
    default: return false
    }
  }
}
