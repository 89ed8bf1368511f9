import FanAPI
import FanCore
import FanProtocol
import FanStorage
import JSON
import JSONRPC

/// The one place where errors thrown by the domain and storage layers become JSON-RPC errors.
package enum ErrorMapping {
  /// The application error codes, each with its stable `data.reason` (the contract's).
  package typealias ApplicationError = FanProtocol.ApplicationError

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
    case let error as ProfileError:
      return jsonRPCError(for: error)
    case let error as QuizError:
      return jsonRPCError(for: error)
    case let error as UpstreamError:
      return jsonRPCError(for: error, outcome: "")
    case let remembered as RememberedImageFailure:
      // The same error as the download that failed, and when the host is asked again.
      var mapped = jsonRPCError(
        for: remembered.error,
        outcome: " It failed a moment ago; bbfan asks the host again in \(remembered.retryAfter) s."
      )
      if case .object(var data)? = mapped.data {
        data.set("retryAfter", .integer(remembered.retryAfter))
        mapped.data = .object(data)
      }
      return mapped
    case CatalogRefreshError.fetchFailed(let error):
      return jsonRPCError(for: error, outcome: " The catalog in use is unchanged.")
    // A bare --source URL is Breaking Bad's, the default universe of every list.
    case CatalogRefreshError.noLiveSource(let universe) where universe == .breakingBad:
      return application(
        .noLiveSource,
        "No live source: the Breaking Bad API (breakingbadapi.com) is gone, so this service "
          + "serves the catalog built into it; start it with --source https://HOST/api to "
          + "refresh from an API of the same shape.", [:])
    case CatalogRefreshError.noLiveSource(let universe):
      return application(
        .noLiveSource,
        "No live source for \(universe): this service serves its embedded catalog; start it "
          + "with --source \(universe)=https://HOST/api to refresh it from a live API.",
        ["universe": .string(universe.rawValue)])
    case CatalogRefreshError.alreadyRunning:
      return application(
        .refreshInProgress,
        "Refresh in progress: another catalog.refresh is running; wait for its reply.", [:])
    case let error as StorageError:
      guard let mapped = jsonRPCError(for: error, log: log) else { fallthrough }
      return mapped
    default:
      log.error("unexpected error: \(String(reflecting: error))")
      return .internalError()
    }
  }

  /// What a log line says of `error`, a failure that is not answered as a reply.
  ///
  /// A condition of the data directory is told in the words its reply would use (what is wrong
  /// and what to do), then its failure and what the system said, not as Swift's dump of the
  /// value; anything else as it describes itself. Nothing is logged here.
  package static func logText(for error: any Error) -> String {
    if let storage = error as? StorageError, let condition = condition(of: storage) {
      return "\(condition.message) (\(condition.failure): \(condition.detail))"
    }
    return String(describing: error)
  }

  /// The error for a condition of the data directory, logged with what the system said; nil
  /// for a fault of bbfan itself (SQL that SQLite refused), which is answered with -32603.
  private static func jsonRPCError(for error: StorageError, log: DiagnosticLog) -> JSONRPCError? {
    guard let condition = condition(of: error) else { return nil }
    log.warning("storage: \(condition.failure): \(condition.path): \(condition.detail)")
    return application(
      .storageUnavailable, condition.message,
      ["failure": .string(condition.failure), "path": .string(condition.path)])
  }

  /// A condition of the data directory: its `failure` name, the file, what the system said,
  /// and the reply's message; nil for a fault of bbfan itself.
  private static func condition(of error: StorageError) -> (
    failure: String, path: String, detail: String, message: String
  )? {
    let failure: String
    let path: String
    let detail: String
    let message: String
    switch error {
    case .corrupt(let file, let reason):
      (failure, path, detail) = ("corrupt", file, reason)
      message =
        "Storage unavailable: \(file) is damaged or is not a bbfan database, and bbfan did not "
        + "change it; restore it from a backup, or move it aside to start with an empty one."
    case .readOnly(let file, let reason):
      (failure, path, detail) = ("read-only", file, reason)
      message =
        "Storage unavailable: this user may not write \(file), so nothing was saved; give the "
        + "user running bbfan write access to \(folder(of: file)) and the files in it."
    case .diskFull(let file, let reason):
      (failure, path, detail) = ("disk-full", file, reason)
      message =
        "Storage unavailable: the disk holding \(file) is full, so nothing was saved; free space "
        + "on it and try again."
    case .busy(let file, let milliseconds):
      (failure, path, detail) = ("busy", file, "locked for over \(milliseconds) ms")
      message =
        "Storage unavailable: another process held the lock on \(file) for over "
        + "\(seconds(milliseconds)), so nothing was saved; try again in a moment."
    case .ioError(let file, let reason):
      (failure, path, detail) = ("io-error", file, reason)
      message =
        "Storage unavailable: the disk reported an error reading or writing \(file); check the "
        + "disk, then restore the file from a backup if it is damaged."
    case .cannotOpen(let file, let reason):
      (failure, path, detail) = ("cannot-open", file, reason)
      message =
        "Storage unavailable: cannot use \(file) (\(reason)); check --data-dir and its "
        + "permissions."
    case .newerSchema(let file, let found, let known):
      (failure, path, detail) = ("newer-schema", file, "schema \(found), this bbfan knows \(known)")
      message =
        "Storage unavailable: the database was written by a newer bbfan (schema \(found), this "
        + "one knows \(known)); upgrade bbfan or use another --data-dir."
    case .missingLibrary(let file, let reason):
      (failure, path, detail) = ("missing-library", file, reason)
      message = "Storage unavailable: \(reason)"
    case .unavailable(let location, let reason):
      (failure, path, detail) = ("unavailable", location, reason)
      message =
        "Storage unavailable: the database at \(location) cannot be reached or the connection "
        + "was lost, so nothing of this request was saved; try again in a moment."
    case .internalFailure, .usernameTaken, .duplicateQuiz:
      return nil
    }
    return (failure, path, detail, message)
  }

  /// The folder holding `path`.
  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
    return String(path[..<slash])
  }

  /// `1500` → `"1.5 s"`.
  private static func seconds(_ milliseconds: Int) -> String {
    milliseconds % 1000 == 0
      ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
  }

  private static func jsonRPCError(for error: CatalogError) -> JSONRPCError {
    switch error {
    case .notFound(let kind, let id):
      return application(
        .notFound, "Not found: there is no \(kind) with id \(id).",
        ["kind": .string(kind), "id": .integer(id)])
    case .notFoundInUniverse(let kind, let id?, let universe):
      return application(
        .notFound, "Not found: \(universe) has no \(kind) with id \(id).",
        ["kind": .string(kind), "id": .integer(id), "universe": .string(universe.rawValue)])
    case .notFoundInUniverse(let kind, nil, let universe):
      return application(
        .notFound, "Not found: \(universe) has no \(kind)s.",
        ["kind": .string(kind), "universe": .string(universe.rawValue)])
    case .noMatch(let kind, let author, let series):
      var phrase = "no \(kind)"
      if let author { phrase += " by \(BriefQuote.bare(author))" }
      if let series { phrase += " in \(series.rawValue)" }
      return application(.notFound, "Not found: \(phrase).", [:])
    case .invalidValue(let field, let problem):
      return .invalidParams(field: field, problem: problem)
    case .unknownName(let field, let name, let suggestions):
      var problem = "\(BriefQuote.quoted(name)) is not the name of any character"
      if let first = suggestions.first {
        problem += "; did you mean \(first)?"
      }
      return .invalidParams(field: field, problem: problem, suggestions: suggestions)
    case .ambiguousName(let field, let name, let candidates):
      let ids = candidates.map(String.init).joined(separator: ", ")
      let problem =
        "\(BriefQuote.quoted(name)) is the name of \(candidates.count) characters (ids \(ids)); give one of "
        + "their ids instead"
      return JSONRPCError(
        code: JSONRPCError.invalidParamsCode, message: "Invalid params: \(field) \(problem).",
        data: .object(
          JSONObject([
            "field": .string(field), "problem": .string(problem),
            "candidates": .array(candidates.map(JSONValue.integer)),
          ])))
    }
  }

  private static func jsonRPCError(for error: UpstreamError, outcome: String) -> JSONRPCError {
    var details: [(String, JSONValue)] = [
      ("failure", .string(error.failure.kind)), ("url", .string(error.url)),
    ]
    switch error.failure {
    case .httpStatus(let status): details.append(("status", .integer(status)))
    case .redirected(let location): details.append(("location", .string(location)))
    case .rateLimited(let status, let retryAfter, _):
      details.append(("status", .integer(status)))
      if let retryAfter { details.append(("retryAfter", .integer(retryAfter))) }
    case .tooLarge(let limit), .tooManyPages(let limit), .refreshTooLarge(let limit):
      details.append(("limit", .integer(limit)))
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
        "Username taken: \(BriefQuote.quoted(name)) is already registered (case is ignored); "
          + "choose another.",
        ["username": .string(BriefQuote.bare(name))])
    case .passwordMismatch:
      return application(
        .passwordMismatch,
        "Password mismatch: password and passwordConfirmation differ; type the same password twice.",
        [:])
    case .weakPassword(let rules):
      let needs = rules.map(\.description)
      return application(
        .weakPassword, "Weak password: it needs \(needs.listed).",
        [
          "rules": .array(rules.map { .string($0.rawValue) }),
          "unmet": .array(needs.map { .string($0) }),
        ])
    case .unknownUser(let name):
      return application(
        .unknownUser,
        "Unknown user: no account is named \(BriefQuote.quoted(name)); check the name, or register.",
        ["username": .string(BriefQuote.bare(name))])
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
    case .notSignedIn(let name):
      return application(
        .notFound,
        "Not found: \(BriefQuote.quoted(name)) is not signed in on this data directory; sign in "
          + "with auth.login first (auth.accounts lists who is).",
        ["kind": .string("account"), "username": .string(BriefQuote.bare(name))])
    case .registrationRefused(let checks):
      return registrationError(checks)
    }
  }

  /// The error of a refused registration: the first failed check's code, message and members,
  /// and `data.problems` with one `{field, problem, reason}` per failed check.
  private static func registrationError(_ checks: [AccountError]) -> JSONRPCError {
    guard let first = checks.first else { return .internalError() }
    let error = jsonRPCError(for: first)
    var data = JSONObject()
    if case .object(let members)? = error.data { data = members }
    data.set("problems", .array(checks.compactMap(registrationProblem)))
    return JSONRPCError(code: error.code, message: error.message, data: .object(data))
  }

  /// One failed check of a registration as `{field, problem, reason}`; nil for an error that is
  /// not a check `auth.register` makes.
  private static func registrationProblem(_ check: AccountError) -> JSONValue? {
    let field: String
    let problem: String
    let reason: String
    switch check {
    case .invalidUsername(let phrase):
      (field, problem, reason) = ("username", phrase, "invalid-username")
    case .usernameTaken(let name):
      (field, problem, reason) = (
        "username", "\(BriefQuote.quoted(name)) is already registered (case is ignored)",
        ApplicationError.usernameTaken.reason
      )
    case .passwordMismatch:
      (field, problem, reason) = (
        "passwordConfirmation", "differs from password", ApplicationError.passwordMismatch.reason
      )
    case .weakPassword(let rules):
      (field, problem, reason) = (
        "password", "needs \(rules.map(\.description).listed)",
        ApplicationError.weakPassword.reason
      )
    case .unknownUser, .wrongPassword, .tooManyAttempts, .unauthorized, .notSignedIn,
      .registrationRefused:
      return nil
    }
    return .object(
      JSONObject([
        "field": .string(field), "problem": .string(problem), "reason": .string(reason),
      ]))
  }

  private static func jsonRPCError(for error: QuizError) -> JSONRPCError {
    switch error {
    case .invalid(let problems):
      let sentences = problems.map(\.message)
      return JSONRPCError(
        code: JSONRPCError.invalidParamsCode,
        message: "Invalid params: \(sentences.joined(separator: "; ")).",
        data: .object(
          JSONObject([
            "field": .string(problems.first?.field ?? "params"),
            "problem": .string(sentences.joined(separator: "; ")),
            "problems": .array(
              problems.map {
                .object(
                  JSONObject(["field": .string($0.field), "problem": .string($0.message)]))
              }),
          ])))
    case .duplicate(let title, let existing):
      return application(
        .duplicate,
        "Duplicate: your collection already has a quiz titled \(BriefQuote.quoted(title)) "
          + "(id \(existing)); titles are compared ignoring case, accents and spacing.",
        ["title": .string(BriefQuote.bare(title)), "existingId": .integer(Int(existing))])
    case .notFound(let id):
      return application(
        .notFound, "Not found: your collection has no quiz with id \(id).",
        ["kind": .string("quiz"), "id": .integer(Int(id))])
    case .onlineNotFound(let id):
      return application(
        .notFound, "Not found: the online catalogue has no quiz with id \(BriefQuote.quoted(id)).",
        ["kind": .string("online-quiz"), "id": .string(BriefQuote.bare(id))])
    }
  }

  private static func jsonRPCError(for error: ProfileError) -> JSONRPCError {
    let mebibytes = ProfilePolicy.maximumPhotoBytes / (1024 * 1024)
    switch error {
    case .notAnImage(let problem):
      return invalidParams(
        field: "photo", reason: "not-an-image",
        problem: "is not a PNG or JPEG image (\(problem)); whatever its name, its bytes must be one"
      )
    case .photoTooLarge(let bytes):
      return invalidParams(
        field: "photo", reason: "photo-too-large",
        problem: "has \(bytes) bytes; a photo may have at most \(mebibytes) MiB")
    case .unreadablePhoto(let path, let reason):
      return .invalidParams(
        field: "photo.path", problem: "\(BriefQuote.bare(path)) cannot be read (\(reason))")
    case .badPhotoData:
      return .invalidParams(field: "photo.data", problem: "is not valid base64")
    case .invalidDisplayName(let problem):
      return .invalidParams(field: "displayName", problem: problem)
    }
  }

  /// -32602 for `field`, with a stable `data.reason` as the application errors have.
  private static func invalidParams(field: String, reason: String, problem: String)
    -> JSONRPCError
  {
    let plain = JSONRPCError.invalidParams(field: field, problem: problem)
    var data = JSONObject(["reason": .string(reason)])
    if case .object(let members)? = plain.data {
      for member in members.members { data.set(member.key, member.value) }
    }
    return JSONRPCError(code: plain.code, message: plain.message, data: .object(data))
  }

  private static func application(
    _ code: ApplicationError, _ message: String, _ details: KeyValuePairs<String, JSONValue>
  ) -> JSONRPCError {
    var data = JSONObject(["reason": .string(code.reason)])
    for (key, value) in details { data.set(key, value) }
    return JSONRPCError(code: code.rawValue, message: message, data: .object(data))
  }
}
