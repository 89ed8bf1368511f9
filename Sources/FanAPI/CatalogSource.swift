/// A source of catalog data.
///
/// It is the snapshot embedded in the executable, or a live HTTP API of the original shape.
/// Methods never know which one they are served from.
package protocol CatalogSource: Sendable {
  /// What to call the source in `service.info` and in errors (`embedded`, or the base URL).
  var name: String { get }

  /// Fetches every resource, in the API's shapes.
  func fetchSnapshot() async throws -> CatalogSnapshot
}
