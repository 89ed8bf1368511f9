/// The name and version of this service, as `--version` and `service.info` report them.
package enum ServiceVersion {
  /// The executable's name.
  package static let name = "bbfan"
  /// The semantic version of the service and its wire contract.
  package static let version = "0.1.0"
  /// The day this version was released, as the man page's date gives it.
  package static let date = "2026-11-27"
}
