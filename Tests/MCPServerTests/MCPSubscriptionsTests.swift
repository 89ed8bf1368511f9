import FanProtocol
import JSON
import JSONRPC
import Testing

@testable import MCPServer

/// What a connection's subscriptions make of what the service pushes, and what they follow.
@Suite("MCP subscriptions: translation, following, bounds")
struct MCPSubscriptionsTests {
  static let universes = ["breaking-bad", "rick-and-morty"]
  static let favorites = "bbfan://me/favorites"
  static let walter = "bbfan://breaking-bad/characters/1"
  static let card = "bbfan://breaking-bad/characters/1/card.pdf"
  static let pilot = "bbfan://rick-and-morty/episodes/1"

  /// The service's notification `method` about `universe`.
  static func pushed(_ method: String, _ universe: String) -> JSONValue {
    Response.notification(
      method: method,
      params: .object(JSONObject(["universe": .string(universe), "quoteId": .integer(3)])))
  }

  static func updated(_ uri: String, stream: String? = nil) -> JSONValue {
    var params = JSONObject(["uri": .string(uri)])
    if let stream {
      params.set(
        "_meta", .object(JSONObject(["io.modelcontextprotocol/subscriptionId": .string(stream)])))
    }
    return Response.notification(method: "notifications/resources/updated", params: .object(params))
  }

  static func listChanged(stream: String? = nil) -> JSONValue {
    var params = JSONObject()
    if let stream {
      params.set(
        "_meta", .object(JSONObject(["io.modelcontextprotocol/subscriptionId": .string(stream)])))
    }
    return Response.notification(
      method: "notifications/resources/list_changed", params: .object(params))
  }

  static func uri(_ text: String) throws -> MCPResourceURI {
    try #require(MCPResourceURI(text, universes: universes))
  }

  @Test(
    "resources/subscribe's URIs: a heart updates the favourites, a refresh its universe's records and the list"
  )
  func subscribed() throws {
    let subscriptions = MCPSubscriptions()
    var followed: [Set<ChangeTopic>] = []
    for text in [Self.favorites, Self.walter, Self.card, Self.favorites] {
      try subscriptions.subscribe(try Self.uri(text)) { followed.append($0) }
    }
    #expect(subscriptions.subscribedURIs == [Self.favorites, Self.walter, Self.card])
    #expect(followed == [[.favorites], [.favorites, .catalog]])
    #expect(subscriptions.followsCatalogs)

    let heart = subscriptions.notifications(
      for: [Self.pushed("favorites.changed", "breaking-bad")], universes: Self.universes)
    #expect(heart == [Self.updated(Self.favorites)])
    // bbfan://me/favorites lists the default universe's.
    let elsewhere = subscriptions.notifications(
      for: [Self.pushed("favorites.changed", "rick-and-morty")], universes: Self.universes)
    #expect(elsewhere == [])
    let refresh = subscriptions.notifications(
      for: [
        Self.pushed("catalog.changed", "breaking-bad"),
        Self.pushed("catalog.changed", "breaking-bad"),
      ], universes: Self.universes)
    #expect(refresh == [Self.listChanged(), Self.updated(Self.walter), Self.updated(Self.card)])
    // Nothing but MCP reaches an MCP client.
    let other = subscriptions.notifications(
      for: [Self.pushed("quizzes.changed", "breaking-bad"), .string("noise")],
      universes: Self.universes)
    #expect(other == [])

    try subscriptions.unsubscribe(Self.walter) { followed.append($0) }
    try subscriptions.unsubscribe(Self.card) { followed.append($0) }
    try subscriptions.unsubscribe(Self.favorites) { followed.append($0) }
    #expect(followed == [[.favorites], [.favorites, .catalog], [.favorites], []])
    #expect(!subscriptions.followsCatalogs)
  }

  @Test(
    "a stream hears only what it asked for, stamped; what changes before its acknowledgement waits for it"
  )
  func streams() throws {
    let subscriptions = MCPSubscriptions()
    var followed: [Set<ChangeTopic>] = []
    try subscriptions.open(
      .init(id: .string("a"), listChanged: true, uris: [Self.pilot])
    ) { followed.append($0) }
    try subscriptions.open(
      .init(id: .string("b"), listChanged: false, uris: [Self.favorites])
    ) { followed.append($0) }
    #expect(followed == [[.catalog], [.catalog, .favorites]])

    // Neither is acknowledged yet: kept, each once.
    let early = [
      Self.pushed("favorites.changed", "breaking-bad"),
      Self.pushed("catalog.changed", "rick-and-morty"),
    ]
    #expect(subscriptions.notifications(for: early, universes: Self.universes) == [])
    #expect(subscriptions.notifications(for: early, universes: Self.universes) == [])
    #expect(
      subscriptions.acknowledge(stream: .string("a"))
        == [Self.listChanged(stream: "a"), Self.updated(Self.pilot, stream: "a")])
    #expect(subscriptions.acknowledge(stream: .string("a")) == [])

    let now = subscriptions.notifications(for: early, universes: Self.universes)
    #expect(now == [Self.listChanged(stream: "a"), Self.updated(Self.pilot, stream: "a")])
    #expect(
      subscriptions.acknowledge(stream: .string("b")) == [Self.updated(Self.favorites, stream: "b")]
    )
    let both = subscriptions.notifications(for: early, universes: Self.universes)
    #expect(
      both == [
        Self.listChanged(stream: "a"), Self.updated(Self.pilot, stream: "a"),
        Self.updated(Self.favorites, stream: "b"),
      ])

    subscriptions.close(stream: .string("a")) { followed.append($0) }
    subscriptions.close(stream: .string("b")) { followed.append($0) }
    #expect(followed.last == [])
    #expect(subscriptions.notifications(for: early, universes: Self.universes) == [])
  }

  @Test(
    "a connection's streams and subscribed URIs are bounded, and a refused change keeps nothing")
  func bounds() throws {
    let subscriptions = MCPSubscriptions()
    for index in 0..<MCPSubscriptions.maxStreams {
      try subscriptions.open(.init(id: .integer(Int64(index)), listChanged: true, uris: [])) { _ in
      }
    }
    let tooMany = #expect(throws: JSONRPCError.self) {
      try subscriptions.open(.init(id: .string("one more"), listChanged: true, uris: [])) { _ in }
    }
    #expect(tooMany?.code == -32603)
    for index in 1...MCPSubscriptions.maxURIs {
      try subscriptions.subscribe(try Self.uri("bbfan://breaking-bad/episodes/\(index)")) { _ in }
    }
    let tooManyURIs = #expect(throws: JSONRPCError.self) {
      try subscriptions.subscribe(try Self.uri(Self.favorites)) { _ in }
    }
    #expect(tooManyURIs?.code == -32602)
    #expect(subscriptions.subscribedURIs.count == MCPSubscriptions.maxURIs)

    struct Unreadable: Error {}
    let fresh = MCPSubscriptions()
    #expect(throws: Unreadable.self) {
      try fresh.subscribe(try Self.uri(Self.favorites)) { _ in throw Unreadable() }
    }
    #expect(fresh.subscribedURIs == [])
    // Nothing was followed, so the next change starts from nothing followed.
    var followed: [Set<ChangeTopic>] = []
    try fresh.subscribe(try Self.uri(Self.walter)) { followed.append($0) }
    #expect(followed == [[.catalog]])
  }

  @Test("a stream id open already is refused; the first stream stays as it was")
  func duplicateStream() throws {
    let subscriptions = MCPSubscriptions()
    try subscriptions.open(.init(id: .integer(1), listChanged: true, uris: [])) { _ in }
    let duplicate = #expect(throws: JSONRPCError.self) {
      try subscriptions.open(.init(id: .integer(1), listChanged: false, uris: [])) { _ in }
    }
    #expect(duplicate?.code == -32600)
    #expect(subscriptions.openStreams == 1)
    _ = subscriptions.acknowledge(stream: .integer(1))
    let refresh = [Self.pushed("catalog.changed", "breaking-bad")]
    #expect(
      subscriptions.notifications(for: refresh, universes: Self.universes) == [
        Response.notification(
          method: "notifications/resources/list_changed",
          params: .object(
            JSONObject([
              "_meta": .object(JSONObject(["io.modelcontextprotocol/subscriptionId": .integer(1)]))
            ])))
      ])
  }

  @Test(
    "a refresh pushed while the handshake connection followed the catalogs is told after its last unsubscribe"
  )
  func listChangeAfterLastUnsubscribe() throws {
    let subscriptions = MCPSubscriptions()
    try subscriptions.subscribe(try Self.uri(Self.walter)) { _ in }
    try subscriptions.unsubscribe(Self.walter) { _ in }
    let refresh = [Self.pushed("catalog.changed", "breaking-bad")]
    #expect(
      subscriptions.notifications(for: refresh, universes: Self.universes) == [Self.listChanged()])
  }

  @Test("the names MCP follows are the service's own")
  func serviceNames() {
    #expect(
      ChangeTopic.allCases.map(\.rawValue).sorted()
        == NotificationTopic.allCases.map(\.rawValue).sorted())
    #expect(ChangeTopic.favorites.notification == FavoritesChanged.name)
    #expect(ChangeTopic.catalog.notification == CatalogChanged.name)
    #expect(MCPServer.nativeSubscribe == NotificationsSubscribe.name)
  }
}
