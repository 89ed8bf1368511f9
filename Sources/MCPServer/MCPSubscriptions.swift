import JSON
import JSONRPC
import Synchronization

/// What one MCP connection subscribed to, and what of the service it follows for it.
///
/// Two forms, one per era of MCP: up to 2025-11-25, `resources/subscribe` adds a URI to the
/// connection's set, and `notifications/resources/updated` goes out plain; in 2026-07-28, each
/// `subscriptions/listen` request is a stream with its own filter, whose every notification
/// carries the stream's id in `_meta`. Either way the connection follows exactly the service's
/// topics its subscriptions need (`ChangeTopic`), and what the service pushes for them is
/// translated by `notifications(for:universes:)` when the connection's writer takes it.
///
/// Bounded: at most `maxURIs` subscribed URIs and `maxStreams` open streams a connection.
package final class MCPSubscriptions: Sendable {
  /// The most URIs a connection (or a stream) may subscribe to.
  package static let maxURIs = 1000
  /// The most `subscriptions/listen` streams a connection may keep open.
  package static let maxStreams = 16

  /// An open `subscriptions/listen` stream.
  struct Stream: Sendable {
    /// The id of its request, which every notification of it carries.
    let id: JSONValue
    /// Whether it asked for `notifications/resources/list_changed`.
    let listChanged: Bool
    /// The resources it is told of, as subscribed.
    let uris: [String]
    /// Whether its acknowledgement is out; until it is, what changes is kept for after it.
    var acknowledged = false
    /// What changed before the acknowledgement went out, in order.
    var pending: [JSONValue] = []

    init(id: JSONValue, listChanged: Bool, uris: [String]) {
      self.id = id
      self.listChanged = listChanged
      self.uris = uris
    }
  }

  private struct State {
    /// `resources/subscribe`'s URIs, in the order subscribed.
    var subscribed: [String] = []
    /// Whether the connection ever used `resources/subscribe`: it speaks a revision with a
    /// handshake, where a refresh is told with a plain `list_changed`.
    var handshake = false
    /// The open streams, in the order opened.
    var streams: [Stream] = []
    /// The service's topics the connection follows now.
    var followed: Set<ChangeTopic> = []
  }

  private let state = Mutex(State())
  /// Held through a change of subscriptions, which may read from the service (the favourite
  /// counts to start from): changes wait for each other, and `state` is held only to swap.
  private let changing = Mutex(())

  /// No subscription.
  package init() {}

  /// Whether the connection follows the catalogs, so that a refresh another process saved is
  /// pushed to it (and not told after a reply as well).
  package var followsCatalogs: Bool { state.withLock { $0.followed.contains(.catalog) } }

  /// The URIs `resources/subscribe` added, in order.
  var subscribedURIs: [String] { state.withLock { $0.subscribed } }

  /// Adds `uri` (known to be watchable) to the connection's subscriptions, following what it
  /// needs through `follow`; throws what `follow` throws (nothing is added then), or when the
  /// connection has `maxURIs` already.
  func subscribe(
    _ uri: MCPResourceURI, follow: (Set<ChangeTopic>) throws -> Void
  ) throws {
    try change(follow: follow) { state throws(JSONRPCError) in
      guard !state.subscribed.contains(uri.text) else { return }
      guard state.subscribed.count < Self.maxURIs else {
        throw .invalidParams(
          field: "uri",
          problem:
            "is one too many: a connection may subscribe to \(Self.maxURIs) resources; "
            + "unsubscribe from some first")
      }
      state.subscribed.append(uri.text)
      state.handshake = true
    }
  }

  /// Removes `uri` from the connection's subscriptions (nothing when it had none).
  func unsubscribe(_ uri: String, follow: (Set<ChangeTopic>) throws -> Void) throws {
    try change(follow: follow) { state throws(JSONRPCError) in
      state.subscribed.removeAll { $0 == uri }
    }
  }

  /// The number of streams open.
  var openStreams: Int { state.withLock { $0.streams.count } }

  /// -32603: the connection has `maxStreams` open.
  static func tooManyStreams() -> JSONRPCError {
    JSONRPCError(
      code: JSONRPCError.internalErrorCode,
      message:
        "Too many subscription streams: a connection may keep \(maxStreams) open; "
        + "end one (notifications/cancelled) before opening another")
  }

  /// Opens `stream`; throws when the connection has `maxStreams` open already, or a stream of
  /// the same id.
  func open(_ stream: Stream, follow: (Set<ChangeTopic>) throws -> Void) throws {
    try change(follow: follow) { state throws(JSONRPCError) in
      guard state.streams.count < Self.maxStreams else { throw Self.tooManyStreams() }
      guard !state.streams.contains(where: { $0.id == stream.id }) else {
        throw .invalidRequest(
          reason: "duplicate-id",
          "a subscriptions/listen stream of id \(stream.id.serializedText) is open already; "
            + "give each stream an id of its own")
      }
      state.streams.append(stream)
    }
  }

  /// Marks the stream of request `id` acknowledged (its acknowledgement is out); returns what
  /// changed before, to send now.
  func acknowledge(stream id: JSONValue) -> [JSONValue] {
    state.withLock { state in
      guard let index = state.streams.firstIndex(where: { $0.id == id }) else { return [] }
      state.streams[index].acknowledged = true
      defer { state.streams[index].pending = [] }
      return state.streams[index].pending
    }
  }

  /// Closes the stream of request `id`.
  func close(stream id: JSONValue, follow: (Set<ChangeTopic>) throws -> Void) {
    // Following fewer topics reads nothing, so cannot fail.
    try? change(follow: follow) { state throws(JSONRPCError) in
      state.streams.removeAll { $0.id == id }
    }
  }

  /// Applies `body` to the state and makes the connection follow what the state then needs;
  /// when following fails, the state is left as it was.
  ///
  /// `body` changes which URIs and streams there are, which only a change does (`changing` is
  /// held): it gives the same on the copy that decides what to follow and on the state itself,
  /// whose streams' pending news may have grown meanwhile.
  private func change(
    follow: (Set<ChangeTopic>) throws -> Void,
    _ body: (inout State) throws(JSONRPCError) -> Void
  ) throws {
    try changing.withLock { _ in
      var next = state.withLock { $0 }
      let followed = next.followed
      try body(&next)
      let needed = Self.topics(needed: next)
      if needed != followed { try follow(needed) }
      try state.withLock { state throws(JSONRPCError) in
        try body(&state)
        state.followed = needed
      }
    }
  }

  /// The service's topics the subscriptions in `state` need: the favourites for
  /// `bbfan://me/favorites`, the catalogs for a record, a card or a stream's list changes.
  private static func topics(needed state: State) -> Set<ChangeTopic> {
    var topics: Set<ChangeTopic> = []
    let uris = state.subscribed + state.streams.flatMap(\.uris)
    for uri in uris {
      topics.insert(uri == MCPResourceURI.favorites.text ? .favorites : .catalog)
    }
    if state.streams.contains(where: \.listChanged) { topics.insert(.catalog) }
    return topics
  }

  /// The MCP notifications for what the service pushed, as the subscriptions are now.
  ///
  /// For `favorites.changed` and `catalog.changed`: each subscribed resource that changed, once,
  /// plain for `resources/subscribe` and the list's change too; for each stream, its resources
  /// and the list's change when it asked, stamped with its id. Anything else pushed is dropped:
  /// nothing but MCP reaches an MCP client.
  ///
  /// `bbfan://me/favorites` reads the default universe's (the first of `universes`).
  func notifications(for pushed: [JSONValue], universes: [String]) -> [JSONValue] {
    var favoritesChanged = false
    var catalogsChanged: Set<String> = []
    for message in pushed {
      guard case .string(let method)? = message["method"],
        case .string(let universe)? = message["params"]?["universe"]
      else { continue }
      switch method {
      case ChangeTopic.favorites.notification where universe == universes.first:
        favoritesChanged = true
      case ChangeTopic.catalog.notification:
        catalogsChanged.insert(universe)
      default:
        continue
      }
    }
    guard favoritesChanged || !catalogsChanged.isEmpty else { return [] }
    func changed(_ uri: String) -> Bool {
      switch MCPResourceURI(uri, universes: universes) {
      case .favorites?: favoritesChanged
      case .record(let universe, _, _)?, .card(let universe, _)?:
        catalogsChanged.contains(universe)
      case .quizzes?, nil: false
      }
    }
    return state.withLock { state in
      var messages: [JSONValue] = []
      // A catalog is pushed only while the connection follows the catalogs, and then it was
      // not told after a reply: told here, even if its last subscription went meanwhile.
      if state.handshake {
        if !catalogsChanged.isEmpty { messages.append(Self.listChanged(stream: nil)) }
        for uri in state.subscribed where changed(uri) {
          messages.append(Self.updated(uri, stream: nil))
        }
      }
      for index in state.streams.indices {
        let stream = state.streams[index]
        var news: [JSONValue] = []
        if stream.listChanged, !catalogsChanged.isEmpty {
          news.append(Self.listChanged(stream: stream.id))
        }
        for uri in stream.uris where changed(uri) {
          news.append(Self.updated(uri, stream: stream.id))
        }
        if stream.acknowledged {
          messages += news
        } else {
          // Bounded: each resource once, the list once.
          for message in news where !stream.pending.contains(message) {
            state.streams[index].pending.append(message)
          }
        }
      }
      return messages
    }
  }

  /// The `_meta` key of a message of a `subscriptions/listen` stream: the request's id.
  package static let subscriptionIDKey = "io.modelcontextprotocol/subscriptionId"

  /// `notifications/resources/updated` for `uri`, of `stream` when given.
  private static func updated(_ uri: String, stream: JSONValue?) -> JSONValue {
    var params = JSONObject(["uri": .string(uri)])
    if let stream { params.set("_meta", .object(JSONObject([subscriptionIDKey: stream]))) }
    return Response.notification(method: "notifications/resources/updated", params: .object(params))
  }

  /// `notifications/resources/list_changed`, of `stream` when given.
  private static func listChanged(stream: JSONValue?) -> JSONValue {
    var params = JSONObject()
    if let stream { params.set("_meta", .object(JSONObject([subscriptionIDKey: stream]))) }
    return Response.notification(method: MCPServer.resourcesListChanged, params: .object(params))
  }
}
