import FuzzyMatch
import JSON

/// The table of methods a connection serves, by wire name; a call is scheduled as its method
/// says.
package struct MethodRouter: Router {
  private var methods: [String: RegisteredMethod] = [:]
  /// The one method kept (`init(keepingOnly:)`), nil when every method is.
  private var kept: String?
  /// The names registered but not kept, in order: their handlers were never made.
  private var passedOver: [String] = []
  /// What the params and result types of methods registered from now on may read from
  /// `Decoder.userInfo` when they decode (the server's configuration, say).
  package var decodingInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// Creates an empty router.
  package init() {}

  /// Creates an empty router that keeps only the method named `name`, for a connection that
  /// answers one call (`bbfan call`): registering any other method remembers its name, for
  /// `names` and `suggestion(for:)`, and makes nothing else of it.
  package init(keepingOnly name: String) {
    kept = name
  }

  /// Whether a method named `name` is to be made; remembers the name otherwise.
  private mutating func keeps(_ name: String) -> Bool {
    precondition(methods[name] == nil, "method \(name) registered twice")
    guard let kept, kept != name else { return true }
    // A one-call router passes over every other method: a list is enough (a name given twice
    // is a programming error, which the tests' debug builds catch).
    assert(!passedOver.contains(name), "method \(name) registered twice")
    if passedOver.isEmpty { passedOver.reserveCapacity(64) }
    passedOver.append(name)
    return false
  }

  /// Binds method `M` to `handler`.
  ///
  /// Registering a name twice is a programming error.
  package mutating func register<M: RPCMethod>(
    _ method: M.Type,
    handler: @escaping @Sendable (M.Params, RequestContext) async throws -> M.Result
  ) {
    guard keeps(M.name) else { return }
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
    guard keeps(M.name) else { return }
    methods[M.name] = RegisteredMethod(
      method, decodingInfo: decodingInfo, readyResult: readyResult, answer: answer)
  }

  /// Checks the params of every method against the `maxLength` and `maxItems` of the params
  /// schema `paramsSchema` gives for its name, before they are decoded (see `ParamBounds`); each
  /// schema is read on its method's first call whose params `floor` (at most every bound of
  /// every schema `paramsSchema` gives) does not admit.
  package mutating func checkBounds(
    floor: ParamBounds.Floor? = nil, paramsSchema: @escaping @Sendable (String) -> JSONValue?
  ) {
    for (name, var method) in methods {
      method.check(LazyParamBounds(floor: floor) { paramsSchema(name) })
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

  /// Every wire name registered (kept or not), sorted.
  package var names: [String] { (Array(methods.keys) + passedOver).sorted() }

  /// The registered name closest to `name`, when one is close enough to be a likely typo.
  package func suggestion(for name: String) -> String? {
    EditDistance.closest(to: name, among: names)
  }
}
