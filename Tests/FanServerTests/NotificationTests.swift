import FanProtocol
import FanServer
import FanStorageEngines
import Foundation
import JSON
import JSONRPC
import JSONRPCTestSupport
import Testing

/// `notifications.subscribe` between connections of one service, in process.
@Suite("Notifications between connections", .serialized, .timeLimit(.minutes(2)))
struct NotificationTests {
  private func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
  }

  /// The next message of `client` with this `method` or `id`, skipping others.
  private func next(_ client: InMemoryClient, method: String? = nil, id: Int? = nil)
    async throws -> JSONValue?
  {
    while let message = try await client.nextMessage() {
      if let method, message["method"]?.stringValue == method { return message }
      if let id, message["id"] == .integer(Int64(id)) { return message }
    }
    return nil
  }

  private func service() throws -> (FanService, URL) {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "bbfan-notify-\(UUID().uuidString)")
    let configuration = ServiceConfiguration(
      storageEngines: .standard, dataDirectory: directory.path(), seed: 1, passwordIterations: 1000)
    return (try TestComposition.service(configuration), directory)
  }

  @Test("B toggles; A, subscribed to every universe's favourites, gets count and Top 3")
  func anotherConnectionsToggle() async throws {
    let (service, directory) = try service()
    defer { try? FileManager.default.removeItem(at: directory) }
    try await InMemoryClient.session(service.makeConnection()) { a in
      a.send(request(1, "notifications.subscribe", #"{"topics":["favorites","catalog"]}"#))
      let subscribed = try #require(try await next(a, id: 1))
      #expect(
        subscribed["result"]?.serializedText
          == #"{"subscriptions":[{"topic":"catalog","universe":null},{"topic":"favorites","universe":null}]}"#
      )
      try await InMemoryClient.session(service.makeConnection()) { b in
        b.send(
          request(
            1, "auth.register",
            #"{"username":"walt","password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}"#
          ))
        _ = try #require(try await next(b, id: 1))
        b.send(request(2, "favorites.toggle", #"{"quoteId":5}"#))
        _ = try #require(try await next(b, id: 2))
      }
      let changed = try #require(try await next(a, method: "favorites.changed"))
      #expect(changed["params"]?["quoteId"] == .integer(5))
      #expect(changed["params"]?["favoriteCount"] == .integer(1))
      #expect(changed["params"]?["top"]?.arrayValue?.map { $0["id"] } == [.integer(5)])
      #expect(!changed.serializedText.contains("isFavorite"))

      // Unsubscribing leaves the catalog's subscription.
      a.send(request(2, "notifications.unsubscribe", #"{"topics":["favorites"]}"#))
      let left = try #require(try await next(a, id: 2))
      #expect(
        left["result"]?.serializedText
          == #"{"subscriptions":[{"topic":"catalog","universe":null}]}"#)
    }
  }
}
