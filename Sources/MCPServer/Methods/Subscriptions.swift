import JSON
import JSONRPC

/// `resources/subscribe`: tell this connection when a resource changes (up to 2025-11-25).
package enum MCPSubscribe: RPCMethod {
  /// The wire name.
  package static let name = "resources/subscribe"
  /// `uri`.
  package typealias Params = JSONValue
  /// An empty object.
  package typealias Result = JSONValue
}

/// `resources/unsubscribe`: stop telling this connection of a resource (up to 2025-11-25).
package enum MCPUnsubscribe: RPCMethod {
  /// The wire name.
  package static let name = "resources/unsubscribe"
  /// `uri`.
  package typealias Params = JSONValue
  /// An empty object.
  package typealias Result = JSONValue
}

/// `subscriptions/listen`: a stream of change notifications that lasts until the client cancels
/// it or its input ends (2026-07-28).
package enum MCPListen: RPCMethod {
  /// The wire name.
  package static let name = "subscriptions/listen"
  /// `notifications`: the filter (`resourcesListChanged`, `resourceSubscriptions`, …).
  package typealias Params = JSONValue
  /// Only `_meta` with the stream's id, once the stream has ended.
  package typealias Result = JSONValue
  /// It lasts as long as the client talks.
  package static var isLongRunning: Bool { true }
}

extension MCPServer {
  /// The first notification of a `subscriptions/listen` stream.
  static let subscriptionsAcknowledged = "notifications/subscriptions/acknowledged"

  /// The service's method whose scheduling `resources/subscribe` and `resources/unsubscribe`
  /// take (a test checks that the service has it).
  package static let nativeSubscribe = "notifications.subscribe"

  func registerSubscriptionMethods(into router: inout MethodRouter) {
    router.register(MCPSubscribe.self) { params, context in
      let meta = try MCPMeta(params: params)
      if meta.isModern { throw JSONRPCError.methodNotFound(MCPSubscribe.name, listedBy: nil) }
      let text = try Self.uri(in: params)
      let uri = try await watchable(text, meta: meta, context: context)
      try session.subscriptions.subscribe(uri) { try follow($0, context: context) }
      return .object(JSONObject())
    }
    router.register(MCPUnsubscribe.self) { params, context in
      let meta = try MCPMeta(params: params)
      if meta.isModern { throw JSONRPCError.methodNotFound(MCPUnsubscribe.name, listedBy: nil) }
      let text = try Self.uri(in: params)
      try session.subscriptions.unsubscribe(text) { try follow($0, context: context) }
      return .object(JSONObject())
    }
    router.register(MCPListen.self) { params, context in
      try await listen(params, context: context)
    }
  }

  /// The `uri` member of `params`.
  private static func uri(in params: JSONValue) throws(JSONRPCError) -> String {
    guard case .string(let text)? = params["uri"] else {
      throw .invalidParams(field: "uri", problem: "is required: the resource's address")
    }
    return text
  }

  /// Makes the connection follow `topics` of the service, an error as the service maps it.
  private func follow(_ topics: Set<ChangeTopic>, context: RequestContext) throws {
    // Every connection has a channel for what is pushed; a one-shot answer's ends with it.
    guard let push = context.push else { return }
    do {
      try service.followChanges(topics, push: push)
    } catch {
      throw rephrased(service.jsonRPCError(for: error))
    }
  }

  /// `text` read as an existing resource whose changes this server hears of.
  ///
  /// Those are the user's favourites, a record and a card. Throws the error `resources/read`
  /// gives for a resource that does not exist, and -32602 for the quizzes, whose changes made
  /// elsewhere the server is not told of.
  func watchable(_ text: String, meta: MCPMeta, context: RequestContext) async throws
    -> MCPResourceURI
  {
    guard let uri = MCPResourceURI(text, universes: universes) else {
      throw MCPErrors.resourceNotFound(text, modern: meta.isModern)
    }
    let method: String
    let id: Int
    let universe: String
    switch uri {
    case .favorites: return uri
    case .quizzes:
      throw JSONRPCError.invalidParams(
        field: "uri",
        problem:
          "names \(text), which cannot be subscribed to: bbfan is not told of changes to "
          + "quizzes made elsewhere; read it again when you need it")
    case .record(let recordUniverse, let kind, let recordID):
      (method, id, universe) = (MCPResourceURI.methods(of: kind).get, recordID, recordUniverse)
    case .card(let cardUniverse, let characterID):
      (method, id, universe) = (
        MCPResourceURI.methods(of: "characters").get, characterID, cardUniverse
      )
    }
    let arguments = JSONObject(["id": .integer(id), "universe": .string(universe)])
    if case .failure(let error) = try await callNative(method, arguments, context: context) {
      if error.data?["reason"] == .string("not-found") {
        throw MCPErrors.resourceNotFound(text, modern: meta.isModern)
      }
      throw rephrased(error)
    }
    return uri
  }

  /// Serves one `subscriptions/listen` stream: acknowledges what of its filter it honours (the
  /// resource list's changes, and the subscribed resources that exist and whose changes it hears
  /// of; tools and prompts never change), tells it of changes until the client cancels it
  /// (nothing more is sent then) or its input ends, and answers with the stream's id.
  func listen(_ params: JSONValue, context: RequestContext) async throws -> JSONValue {
    let meta = try MCPMeta(params: params)
    if !meta.isModern { throw JSONRPCError.methodNotFound(MCPListen.name, listedBy: nil) }
    guard let id = context.id?.json else {
      throw JSONRPCError.invalidRequest(
        reason: "no-id", "subscriptions/listen must be a request with an id: the stream's id")
    }
    guard case .object(let filter)? = params["notifications"] else {
      throw JSONRPCError.invalidParams(
        field: "notifications", problem: "is required: an object of the notifications wanted")
    }
    let listChanged = filter["resourcesListChanged"] == .bool(true)
    var requested: [String] = []
    var seen: Set<String> = []
    switch filter["resourceSubscriptions"] {
    case nil, .null?: break
    case .array(let items)?:
      for item in items {
        guard case .string(let text) = item else {
          throw JSONRPCError.invalidParams(
            field: "notifications.resourceSubscriptions",
            problem: "must hold resource URIs (strings), not \(item.kindDescription)")
        }
        guard seen.insert(text).inserted else { continue }
        guard seen.count <= MCPSubscriptions.maxURIs else {
          throw JSONRPCError.invalidParams(
            field: "notifications.resourceSubscriptions",
            problem:
              "names more than \(MCPSubscriptions.maxURIs) resources, the most a stream may have")
        }
        requested.append(text)
      }
    case let other?:
      throw JSONRPCError.invalidParams(
        field: "notifications.resourceSubscriptions",
        problem: "must be an array of resource URIs, not \(other.kindDescription)")
    }
    // Refused before its resources are looked up, as it will be when it opens.
    guard session.subscriptions.openStreams < MCPSubscriptions.maxStreams else {
      throw MCPSubscriptions.tooManyStreams()
    }
    var honored: [String] = []
    for text in requested {
      // A resource that does not exist, or whose changes are not heard of, is left out of the
      // acknowledgement: the client sees what it will be told of.
      do {
        honored.append(try await watchable(text, meta: meta, context: context).text)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        continue
      }
    }
    var acknowledged = JSONObject()
    if listChanged { acknowledged.set("resourcesListChanged", .bool(true)) }
    if !honored.isEmpty {
      acknowledged.set("resourceSubscriptions", .array(honored.map(JSONValue.string)))
    }
    let stamp = JSONObject([MCPSubscriptions.subscriptionIDKey: id])
    let stream = MCPSubscriptions.Stream(id: id, listChanged: listChanged, uris: honored)
    // Opened before the acknowledgement is sent, so that no change in between is lost; what
    // changes before it is out is kept for right after it. Nothing pushed is being written while
    // the acknowledgement and what was kept go out: they come before the stream's later news.
    try session.subscriptions.open(stream) { try follow($0, context: context) }
    let push = context.push
    func acknowledge() {
      context.notify(
        method: Self.subscriptionsAcknowledged,
        params: .object(
          JSONObject(["notifications": .object(acknowledged), "_meta": .object(stamp)])))
      for message in session.subscriptions.acknowledge(stream: id) {
        guard case .string(let method)? = message["method"] else { continue }
        context.notify(method: method, params: message["params"] ?? .object(JSONObject()))
      }
    }
    if let push { push.excludingWrites(acknowledge) } else { acknowledge() }
    await push?.untilEndOfInput()
    // Closed while nothing pushed is being written: what was taken for it is out before its
    // answer, and nothing is taken for it after.
    func close() { session.subscriptions.close(stream: id) { try follow($0, context: context) } }
    if let push { push.excludingWrites(close) } else { close() }
    try context.checkCancellation()
    return finish(JSONObject(["_meta": .object(stamp)]), meta: meta)
  }
}
