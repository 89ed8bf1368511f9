import JSON
import JSONRPC

extension MCPServer {
  /// How long a client may keep a result, and whether a shared cache may (2026-07-28).
  enum Caching {
    /// The same for everyone for as long as this process runs (tool, prompt, template lists).
    case fixed
    /// Catalog data: the same for everyone until a refresh.
    case catalog
    /// The signed-in user's own data.
    case personal
  }

  /// `result` as the request's era wants it: in 2026-07-28, with `resultType`, the server's
  /// name in `_meta`, and caching hints when `caching` is given; earlier, as it is.
  func finish(_ result: JSONObject, meta: MCPMeta, caching: Caching? = nil) -> JSONValue {
    guard meta.isModern else { return .object(result) }
    var result = result
    result.set("resultType", .string("complete"))
    if let caching {
      switch caching {
      case .fixed:
        result.set("ttlMs", .integer(3_600_000))
        result.set("cacheScope", .string("public"))
      case .catalog:
        result.set("ttlMs", .integer(60_000))
        result.set("cacheScope", .string("public"))
      case .personal:
        result.set("ttlMs", .integer(0))
        result.set("cacheScope", .string("private"))
      }
    }
    var resultMeta = result["_meta"]?.objectValue ?? JSONObject()
    resultMeta.set(MCPMeta.serverInfoKey, serverInfo)
    result.set("_meta", .object(resultMeta))
    return .object(result)
  }

  /// Sends `message` as `notifications/message` at `level`, when the request (2026-07-28) or
  /// `logging/setLevel` (earlier) asked for that level or a lower one; never unasked.
  func log(_ level: MCPLogLevel, _ message: String, meta: MCPMeta, context: RequestContext) {
    let threshold = meta.isModern ? meta.logLevel : session.logLevel
    guard let threshold, level >= threshold else { return }
    context.notify(
      method: "notifications/message",
      params: .object(
        JSONObject([
          "level": .string(level.rawValue), "logger": .string("bbfan"), "data": .string(message),
        ])))
  }

  /// Runs the service's method `method` with `arguments` for this request.
  ///
  /// Returns its result, or the error its client would get; cancellation is thrown, not
  /// answered.
  func callNative(
    _ method: String, _ arguments: JSONObject, context: RequestContext,
    progressToken: JSONValue? = nil
  ) async throws -> Result<JSONValue, JSONRPCError> {
    guard let registered = native.method(named: method) else {
      return .failure(.methodNotFound(method, listedBy: nil))
    }
    do {
      let value = try await registered.invoke(
        params: .object(arguments),
        context: context.delegating(to: method, progressToken: progressToken))
      return .success(value)
    } catch is CancellationError {
      throw CancellationError()
    } catch let error as JSONRPCError {
      if error.code == JSONRPCError.requestCancelledCode { throw CancellationError() }
      return .failure(error)
    } catch {
      return .failure(service.jsonRPCError(for: error))
    }
  }

  /// `error` with `sentence(for:)` as its message, to answer an MCP request with.
  func rephrased(_ error: JSONRPCError) -> JSONRPCError {
    JSONRPCError(code: error.code, message: sentence(for: error), data: error.data)
  }

  /// The native error `error` as a model should read it: its sentence, except for
  /// `unauthorized`, whose sentence speaks of tokens and sign-in methods a model does not have:
  /// it says instead how a person signs in on this machine (MCP never carries a password).
  func sentence(for error: JSONRPCError) -> String {
    guard error.data?["reason"] == .string("unauthorized") else { return error.message }
    let directory = "'" + service.dataDirectory.replacing("'", with: "'\\''") + "'"
    return "Unauthorized: nobody is signed in on this machine, and through MCP bbfan acts for "
      + "the account signed in on its data directory. Ask the user to sign in in a terminal: "
      + "bbfan call auth.login '{\"username\":\"NAME\",\"password\":\"PASSWORD\"}' "
      + "--data-dir \(directory) (or, for a new account, auth.register with username, password "
      + "and passwordConfirmation); the next call acts for that account."
  }
}
