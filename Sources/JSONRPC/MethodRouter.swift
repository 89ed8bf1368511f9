import FuzzyMatch
import JSON

/// The table of methods a connection serves, by wire name; a call is scheduled as its method
/// says.
package struct MethodRouter: Router {
  private var methods: [String: RegisteredMethod] = [:]
  /// What the params and result types of methods registered from now on may read from
  /// `Decoder.userInfo` when they decode (the server's configuration, say).
  package var decodingInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates an empty router.
  package init() {}

  /// Binds method `M` to `handler`.
  ///
  /// Registering a name twice is a programming error.
  package mutating func register<M: RPCMethod>(
    _ method: M.Type,
    handler: @escaping @Sendable (M.Params, RequestContext) async throws -> M.Result
  ) {
    precondition(methods[M.name] == nil, "method \(M.name) registered twice")
    methods[M.name] = RegisteredMethod(method, decodingInfo: decodingInfo, handler: handler)
  }

  /// Binds method `M` to `answer`, which makes the JSON result itself; `readyResult` gives the
  /// result at once when it can, without running anything (see `Route.readyResult`).
  ///
  /// Registering a name twice is a programming error.
  package mutating func register<M: RPCMethod>(
    _ method: M.Type, readyResult: (@Sendable (JSONValue?) -> JSONValue?)?,
    answer: @escaping @Sendable (M.Params, RequestContext) async throws -> JSONValue
  ) {
    precondition(methods[M.name] == nil, "method \(M.name) registered twice")
    methods[M.name] = RegisteredMethod(
      method, decodingInfo: decodingInfo, readyResult: readyResult, answer: answer)
  }

  /// Checks the params of every method against the `maxLength` and `maxItems` of the params
  /// schema `paramsSchema` gives for its name, before they are decoded (see `ParamBounds`); each
  /// schema is read on its method's first call.
  package mutating func checkBounds(paramsSchema: @escaping @Sendable (String) -> JSONValue?) {
    for (name, var method) in methods {
      method.check(LazyParamBounds { paramsSchema(name) })
      methods[name] = method
    }
  }

  /// The method with this wire name.
  package func method(named name: String) -> RegisteredMethod? {
    methods[name]
  }

  /// The route of the method named `name`, expensive when its params make it so.
  package func route(name: String, params: JSONValue?) -> Route? {
    guard let method = methods[name] else { return nil }
    guard method.isExpensive(params) else { return method.route }
    var route = method.route
    route.isExpensive = true
    return route
  }

  /// Every wire name, sorted.
  package var names: [String] { methods.keys.sorted() }

  /// The registered name closest to `name`, when one is close enough to be a likely typo.
  package func suggestion(for name: String) -> String? {
    EditDistance.closest(to: name, among: methods.keys.sorted())
  }
}
