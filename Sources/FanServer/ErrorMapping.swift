import FanCore
import JSONRPC

/// The one place where errors thrown by the domain and storage layers become JSON-RPC errors.
package enum ErrorMapping {
  /// The application error codes, each with its stable `data.reason`.
  package enum ApplicationError: Int, CaseIterable {
    /// `not-found`: no record has that id, or nothing matches.
    case notFound = -32004

    /// The `data.reason` string.
    package var reason: String {
      switch self {
      case .notFound: return "not-found"
      }
    }
  }

  /// The JSON-RPC error the client sees for `error`.
  ///
  /// Anything not recognised is a fault of the service: it is logged in full and answered with
  /// -32603, so internal details never leak to the client.
  package static func jsonRPCError(for error: any Error, log: DiagnosticLog) -> JSONRPCError {
    switch error {
    case let error as JSONRPCError:
      return error
    case let error as CatalogError:
      return jsonRPCError(for: error)
    default:
      log.error("unexpected error: \(String(reflecting: error))")
      return .internalError()
    }
  }

  private static func jsonRPCError(for error: CatalogError) -> JSONRPCError {
    switch error {
    case .notFound(let kind, let id):
      return application(
        .notFound, "Not found: there is no \(kind) with id \(id).",
        ["kind": .string(kind), "id": .integer(id)])
    case .noMatch(let phrase):
      return application(.notFound, "Not found: \(phrase).", [:])
    case .invalidValue(let field, let problem):
      return .invalidParams(field: field, problem: problem)
    case .unknownName(let field, let name, let suggestions):
      var problem = "\"\(name)\" is not the name of any character"
      if let first = suggestions.first {
        problem += "; did you mean \(first)?"
      }
      var invalid = JSONRPCError.invalidParams(field: field, problem: problem)
      if case .object(var data)? = invalid.data {
        data.set("suggestions", .array(suggestions.map { .string($0) }))
        invalid.data = .object(data)
      }
      return invalid
    }
  }

  private static func application(
    _ code: ApplicationError, _ message: String, _ details: KeyValuePairs<String, JSONValue>
  ) -> JSONRPCError {
    var data = JSONObject(["reason": .string(code.reason)])
    for (key, value) in details { data.set(key, value) }
    return JSONRPCError(code: code.rawValue, message: message, data: .object(data))
  }
}
