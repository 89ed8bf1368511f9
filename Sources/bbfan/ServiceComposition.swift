import FanCurl
import FanServer

/// The one place `bbfan` assembles a service from its parts, as swift-service-lifecycle's
/// examples do in their executables: the storage engines (`StorageEngines.standard`, in the
/// configuration the command line made), HTTP through libcurl in this process (`CurlTransport`),
/// and the clock the configuration holds (the system's wall clock, `ServiceClock.wall`, unless a
/// test gives its own).
///
/// `serve`, `mcp`, `call` and `verify` all get their service here; `FanServer` depends on the
/// HTTP protocol only, never on libcurl.
package enum ServiceComposition {
  /// The service of `configuration`, composed with the executable's parts.
  package static func service(_ configuration: ServiceConfiguration) throws -> FanService {
    try FanService(configuration: configuration, httpTransport: CurlTransport())
  }
}
