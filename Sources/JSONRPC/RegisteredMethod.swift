import JSON

/// A method bound to its handler, with the wire-level work done: params normalised and decoded,
/// the result encoded.
package struct RegisteredMethod: Sendable {
  /// The wire name.
  package let name: String
  /// How its calls are scheduled, and the handler with params decoding and result encoding.
  package private(set) var route: Route
  private let resultDecoder: @Sendable (JSONValue) throws -> Void
  /// The parameter names in order, when params may also be an array.
  package let positionalParameters: [String]?
  /// Whether a call with these params is expensive (`RPCMethod.isExpensive`).
  package let isExpensive: @Sendable (JSONValue?) -> Bool

  /// Binds `M` to `handler`; its params and result decode with `decodingInfo` as the
  /// decoder's `userInfo`.
  package init<M: RPCMethod>(
    _ method: M.Type, decodingInfo: [CodingUserInfoKey: any Sendable] = [:],
    handler: @escaping @Sendable (M.Params, RequestContext) async throws -> M.Result
  ) {
    self.init(method, decodingInfo: decodingInfo) { params, context in
      try JSONValueEncoder().encode(try await handler(params, context))
    }
  }

  /// Whether `params` are none: absent, or an empty array or object.
  package static func isNone(_ params: JSONValue?) -> Bool {
    switch params {
    case nil: true
    case .array(let values)?: values.isEmpty
    case .object(let members)?: members.isEmpty
    default: false
    }
  }

  /// Binds `M` to `answer`, which makes the JSON result from the decoded params; `readyResult`
  /// gives the result at once when it can (see `Route.readyResult`).
  package init<M: RPCMethod>(
    _ method: M.Type, decodingInfo: [CodingUserInfoKey: any Sendable],
    readyResult: (@Sendable (JSONValue?) -> JSONValue?)? = nil,
    answer: @escaping @Sendable (M.Params, RequestContext) async throws -> JSONValue
  ) {
    name = M.name
    positionalParameters = M.positionalParameters
    isExpensive = { M.isExpensive($0) }
    resultDecoder = { value in
      _ = try JSONValueDecoder(userInfo: decodingInfo).decode(M.Result.self, from: value)
    }
    route = Route(
      scheduling: M.scheduling, isLongRunning: M.isLongRunning, readyResult: readyResult
    ) { params, context in
      let decoded = try RegisteredMethod.decodeParams(
        of: M.self, from: params, positional: M.positionalParameters,
        decodingInfo: decodingInfo)
      return try await answer(decoded, context)
    }
  }

  /// How its requests are ordered.
  package var scheduling: Scheduling { route.scheduling }

  /// Checks every call's params against `bounds` before anything else reads them.
  package mutating func check(_ bounds: LazyParamBounds) {
    let (invoke, positional) = (route.invoke, positionalParameters)
    route.invoke = { params, context in
      try bounds.check(params, positional: positional)
      return try await invoke(params, context)
    }
  }

  /// Whether cancelling a running request cancels its handler's task.
  package var isLongRunning: Bool { route.isLongRunning }

  /// Runs the handler: decoding failures throw -32602, handler errors are rethrown as they are.
  package func invoke(params: JSONValue?, context: RequestContext) async throws -> JSONValue {
    try await route.invoke(params, context)
  }

  /// Checks that `value` decodes into the method's result type (strictly: no unknown members);
  /// schema examples are checked this way.
  package func checkResult(_ value: JSONValue) throws {
    try resultDecoder(value)
  }

  /// Decodes `params` (absent, an object, or an array for methods that allow positions).
  package static func decodeParams<M: RPCMethod>(
    of method: M.Type, from params: JSONValue?, positional: [String]?,
    decodingInfo: [CodingUserInfoKey: any Sendable] = [:]
  ) throws(JSONRPCError) -> M.Params {
    // No params for a method that takes none: nothing to decode (the decoder would check that an
    // empty object is empty).
    if isNone(params), let none = M.noParams {
      return none
    }
    var object: JSONValue
    switch params {
    case nil:
      object = .object(JSONObject())
    case .array(let values)? where values.isEmpty:
      object = .object(JSONObject())
    case .array(let values)?:
      guard let names = positional else {
        throw .invalidParams(
          field: "params", problem: "must be an object: this method takes its parameters by name")
      }
      guard values.count <= names.count else {
        throw .invalidParams(
          field: "params",
          problem:
            "has \(values.count) positional values, but this method takes at most \(names.count) (\(names.joined(separator: ", ")))"
        )
      }
      object = .object(JSONObject(zip(names, values).map { JSONObject.Member(key: $0, value: $1) }))
    case let value?:
      object = value
    }
    // The plain shape of a hot method's params, read without the Codable machinery (see
    // JSONDirectDecodable); anything else is decoded below, which says what is wrong.
    if case .object(let members) = object,
      let value = M.directlyDecodedParams(from: members, userInfo: decodingInfo)
    {
      return value
    }
    do {
      return try JSONValueDecoder(userInfo: decodingInfo).decode(M.Params.self, from: object)
    } catch let error as DecodingError {
      throw invalidParams(for: error)
    } catch {
      throw .invalidParams(field: "params", problem: "could not be read (\(error))")
    }
  }

  /// Maps a decoding error to -32602 with the field's path and the problem.
  package static func invalidParams(for error: DecodingError) -> JSONRPCError {
    switch error {
    case .keyNotFound(let key, let context):
      return .invalidParams(field: (context.codingPath + [key]).dottedPath, problem: "is required")
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      let suggestion = context.underlyingError as? FieldSuggestion
      return .invalidParams(
        field: context.codingPath.dottedPath, problem: context.debugDescription,
        suggestions: suggestion.map { [$0.name] } ?? [])
    @unknown default:
      return .invalidParams(field: "params", problem: "could not be read")
    }
  }
}
