import JSON

/// Finds what answers a call, and how the call is scheduled.
///
/// `MethodRouter` looks the method up by name, and its scheduling is the method's. A router of
/// another kind may look at the params too, and choose the scheduling per call (see `Route`).
package protocol Router: Sendable {
  /// The route of a call of method `name` with `params` (`progressToken` already taken out), or
  /// nil when there is no such method.
  func route(name: String, params: JSONValue?) -> Route?

  /// The method name closest to `name`, when one is close enough to be a likely typo; it goes in
  /// the -32601 reply.
  func suggestion(for name: String) -> String?

  /// The method that lists the others, named in the -32601 reply; nil for none.
  var listedBy: String? { get }
}

extension Router {
  /// No suggestion.
  package func suggestion(for name: String) -> String? { nil }

  /// `rpc.discover`, OpenRPC's discovery method.
  package var listedBy: String? { "rpc.discover" }
}
