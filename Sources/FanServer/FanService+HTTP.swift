extension FanService {
  /// Whether a one-shot request of `method` will do HTTP with `configuration`: `images.fetch`
  /// always, `catalog.refresh` when some universe has a live source (the one it names is
  /// checked when it runs).
  ///
  /// `bbfan call` starts the HTTP helper at once for such a request, so that its start overlaps
  /// the service's own; a guess that turns out wrong costs only a helper stopped unused.
  package static func needsHTTP(method: String, configuration: ServiceConfiguration) -> Bool {
    switch method {
    case ImagesFetch.name: return true
    case CatalogRefresh.name: return !configuration.sources.isEmpty
    default: return false
    }
  }
}
