import JSONRPC

/// The one place where errors thrown by the domain and storage layers become JSON-RPC errors.
package enum ErrorMapping {
  /// The JSON-RPC error the client sees for `error`.
  ///
  /// Anything not recognised is a fault of the service: it is logged in full and answered with
  /// -32603, so internal details never leak to the client.
  package static func jsonRPCError(for error: any Error, log: DiagnosticLog) -> JSONRPCError {
    if let error = error as? JSONRPCError { return error }
    log.error("unexpected error: \(String(reflecting: error))")
    return .internalError()
  }
}
