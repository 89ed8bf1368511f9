import FoundationEssentials

/// A source of one universe's catalog data.
///
/// It is the snapshot embedded in the executable, or a live HTTP API of the original shape.
/// Methods never know which one they are served from.
package protocol CatalogSource: Sendable {
  /// What to call the source in `service.info` and in errors (`embedded`, or the base URL).
  var name: String { get }

  /// Fetches every list of the universe as the API serves it: each list whole, or its pages in
  /// order.
  func fetchBodies() async throws -> [CatalogResource: [Data]]
}
