import FanAPI
import FanCurl
import FanServer

/// The one place the server's tests compose a service, instead of each suite copying `bbfan`'s
/// `ServiceComposition`: the storage engines and clock the configuration holds, and HTTP either
/// nowhere (`NoHTTPTransport`, the default: a test reaches no host by accident) or through
/// libcurl in this process when the test talks to the fake API server.
enum TestComposition {
  /// Where a composed test service sends its HTTP.
  enum HTTP {
    /// Nowhere: every exchange fails, saying so.
    case none
    /// libcurl in this process (`CurlTransport`), for the fake API server on this machine.
    case curl
  }

  /// The service of `configuration`, with HTTP through `http`.
  static func service(_ configuration: ServiceConfiguration, http: HTTP = .none) throws
    -> FanService
  {
    switch http {
    case .none: try FanService(configuration: configuration, httpTransport: NoHTTPTransport())
    case .curl: try FanService(configuration: configuration, httpTransport: CurlTransport())
    }
  }
}
