import FanAPI
import FanCore
import FanStorage
import JSONRPC

/// The one place where errors thrown by the domain and storage layers become JSON-RPC errors.
package enum ErrorMapping {
  /// The application error codes, each with its stable `data.reason`.
  package enum ApplicationError: Int, CaseIterable {
    /// `unauthorized`: nobody is signed in, or the token is not a live session.
    case unauthorized = -32001
    /// `unknown-user`: no account has that username.
    case unknownUser = -32002
    /// `wrong-password`: the password is not the account's.
    case wrongPassword = -32003
    /// `not-found`: no record has that id, or nothing matches.
    case notFound = -32004
    /// `too-many-attempts`: too many failed logins; `data.retryAfter` says how long to wait.
    case tooManyAttempts = -32005
    /// `username-taken`: another account has that username.
    case usernameTaken = -32006
    /// `password-mismatch`: the password and its confirmation differ.
    case passwordMismatch = -32007
    /// `weak-password`: the password breaks rules, listed in `data.rules`.
    case weakPassword = -32008
    /// `storage-unavailable`: the data directory cannot be used.
    case storageUnavailable = -32010
    /// `upstream-unavailable`: the live API or image host did not answer usably (refused,
    /// timed out, HTTP error, rate limited); `data.failure` says which, `data.url` where.
    case upstreamUnavailable = -32011
    /// `upstream-invalid`: the server answered, but with something that cannot be used
    /// (not JSON, the wrong shape, too large); `data.failure` says which.
    case upstreamInvalid = -32012
    /// `not-an-image`: the URL answered with something other than an image.
    case notAnImage = -32013
    /// `no-live-source`: the service was started without `--source URL`.
    case noLiveSource = -32014
    /// `refresh-in-progress`: another `catalog.refresh` is running on this service.
    case refreshInProgress = -32015

    /// The `data.reason` string.
    package var reason: String {
      switch self {
      case .unauthorized: return "unauthorized"
      case .unknownUser: return "unknown-user"
      case .wrongPassword: return "wrong-password"
      case .notFound: return "not-found"
      case .tooManyAttempts: return "too-many-attempts"
      case .usernameTaken: return "username-taken"
      case .passwordMismatch: return "password-mismatch"
      case .weakPassword: return "weak-password"
      case .storageUnavailable: return "storage-unavailable"
      case .upstreamUnavailable: return "upstream-unavailable"
      case .upstreamInvalid: return "upstream-invalid"
      case .notAnImage: return "not-an-image"
      case .noLiveSource: return "no-live-source"
      case .refreshInProgress: return "refresh-in-progress"
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
    case let error as AccountError:
      return jsonRPCError(for: error)
    case let error as UpstreamError:
      return jsonRPCError(for: error, outcome: "")
    case CatalogRefreshError.fetchFailed(let error):
      return jsonRPCError(for: error, outcome: " The catalog in use is unchanged.")
    case CatalogRefreshError.noLiveSource:
      return application(
        .noLiveSource,
        "No live source: this service serves the embedded catalog; start it with "
          + "--source https://HOST/api to refresh from a live API.", [:])
    case CatalogRefreshError.alreadyRunning:
      return application(
        .refreshInProgress,
        "Refresh in progress: another catalog.refresh is running; wait for its reply.", [:])
    case StorageError.cannotOpen(let path, let reason):
      return application(
        .storageUnavailable,
        "Storage unavailable: cannot use \(path) (\(reason)); check --data-dir and its permissions.",
        [:])
    case StorageError.newerSchema(let found, let known):
      return application(
        .storageUnavailable,
        "Storage unavailable: the database was written by a newer bbfan (schema \(found), this one knows "
          + "\(known)); upgrade bbfan or use another --data-dir.", [:])
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
      return .invalidParams(field: field, problem: problem, suggestions: suggestions)
    }
  }

  private static func jsonRPCError(for error: UpstreamError, outcome: String) -> JSONRPCError {
    var details: [(String, JSONValue)] = [
      ("failure", .string(error.failure.kind)), ("url", .string(error.url)),
    ]
    switch error.failure {
    case .httpStatus(let status): details.append(("status", .integer(status)))
    case .rateLimited(let status, let retryAfter, _):
      details.append(("status", .integer(status)))
      if let retryAfter { details.append(("retryAfter", .integer(retryAfter))) }
    case .tooLarge(let limit): details.append(("limit", .integer(limit)))
    case .notAnImage(let type): details.append(("contentType", type.map(JSONValue.string) ?? .null))
    default: break
    }
    let code: ApplicationError
    let kind: String
    switch error.failure {
    case .notAnImage:
      code = .notAnImage
      kind = "Not an image"
    case let failure where failure.isContentProblem:
      code = .upstreamInvalid
      kind = "Upstream invalid"
    default:
      code = .upstreamUnavailable
      kind = "Upstream unavailable"
    }
    var data = JSONObject(["reason": .string(code.reason)])
    for (key, value) in details { data.set(key, value) }
    let sentence = error.summary.prefix(1).uppercased() + error.summary.dropFirst()
    return JSONRPCError(
      code: code.rawValue, message: "\(kind): GET \(error.url) failed. \(sentence).\(outcome)",
      data: .object(data))
  }

  private static func jsonRPCError(for error: AccountError) -> JSONRPCError {
    switch error {
    case .invalidUsername(let problem):
      return .invalidParams(field: "username", problem: problem)
    case .usernameTaken(let name):
      return application(
        .usernameTaken,
        "Username taken: \"\(name)\" is already registered (case is ignored); choose another.",
        ["username": .string(name)])
    case .passwordMismatch:
      return application(
        .passwordMismatch,
        "Password mismatch: password and passwordConfirmation differ; type the same password twice.",
        [:])
    case .weakPassword(let rules):
      let needs = rules.map(\.description)
      return application(
        .weakPassword, "Weak password: it needs \(listing(needs)).",
        [
          "rules": .array(rules.map { .string($0.rawValue) }),
          "unmet": .array(needs.map { .string($0) }),
        ])
    case .unknownUser(let name):
      return application(
        .unknownUser, "Unknown user: no account is named \"\(name)\"; check the name, or register.",
        ["username": .string(name)])
    case .wrongPassword:
      return application(
        .wrongPassword, "Wrong password: that is not this account's password.", [:])
    case .tooManyAttempts(let seconds):
      return application(
        .tooManyAttempts,
        "Too many attempts: this username failed to log in too often; wait \(seconds) second\(seconds == 1 ? "" : "s") and try again.",
        ["retryAfter": .integer(seconds)])
    case .unauthorized:
      return application(
        .unauthorized,
        "Unauthorized: nobody is signed in, or the token is not a live session; call auth.login or auth.register, or pass a valid token.",
        [:])
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

/// `["a", "b", "c"]` → `"a, b and c"`.
private func listing(_ items: [String]) -> String {
  guard let last = items.last else { return "" }
  guard items.count > 1 else { return last }
  return items.dropLast().joined(separator: ", ") + " and " + last
}
