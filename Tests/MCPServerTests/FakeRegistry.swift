import JSON
import JSONRPC
import MCPServer
import Synchronization

/// A registry of two methods, answered by the test itself: the MCP face tested without the fan
/// service, as swift-nio tests a handler against an embedded channel.
struct FakeRegistry: MethodRegistry {
  /// The error `favorites.list` throws, as a service's domain error.
  struct NobodySignedIn: Error {}

  /// `episodes.get {id}`: an episode of the fake's own.
  enum EpisodesGet: RPCMethod {
    static let name = "episodes.get"
    struct Params: Codable, Sendable { var id: Int }
    struct Result: Codable, Sendable {
      var id: Int
      var title: String
    }
  }

  /// `favorites.list {}`: always fails, as with nobody signed in.
  enum FavoritesList: RPCMethod {
    static let name = "favorites.list"
    struct Params: Codable, Sendable {}
    struct Result: Codable, Sendable { var quotes: [Int] }
  }

  var serverName: String { "fake" }
  var serverVersion: String { "9.9.9" }
  var log: DiagnosticLog { DiagnosticLog(level: .off) }
  var dataDirectory: String { "/nowhere/fake" }
  var universeNames: [String] { ["pine-hollow"] }
  var universePhrase: String { "pine-hollow (the default)" }

  /// The two methods' schemas, as `Schemas/` files would give them.
  var schemas: SchemaRegistry {
    SchemaRegistry(files: [
      "Schemas/episodes.get.json": """
      {"name": "episodes.get", "summary": "One episode of the fake.", "description": "By id.",
       "errors": [],
       "params": {"type": "object", "additionalProperties": false,
                  "properties": {"id": {"type": "integer", "description": "The episode."}},
                  "required": ["id"]},
       "result": {"type": "object"},
       "examples": [{"name": "one", "params": {"id": 1}, "result": {"id": 1, "title": "Pilot"}}]}
      """,
      "Schemas/favorites.list.json": """
      {"name": "favorites.list", "summary": "Never answers.", "description": "Fails.",
       "errors": [],
       "params": {"type": "object", "additionalProperties": false, "properties": {}},
       "result": {"type": "object"},
       "examples": [{"name": "none", "params": {}, "result": {"quotes": []}}]}
      """,
    ])
  }

  func makeRouter() -> MethodRouter {
    var router = MethodRouter()
    router.register(EpisodesGet.self) { params, _ in
      guard params.id == 1 else {
        throw JSONRPCError.invalidParams(field: "id", problem: "names no episode of the fake")
      }
      return EpisodesGet.Result(id: 1, title: "Pilot")
    }
    router.register(FavoritesList.self) { _, _ in throw NobodySignedIn() }
    return router
  }

  func makeConnection(
    router: some Router, answersCancelled: Bool,
    rewritingPushes: (@Sendable ([JSONValue]) -> [JSONValue])?
  ) -> JSONRPCConnection {
    JSONRPCConnection(
      router: router, log: log, answersCancelled: answersCancelled,
      rewritingPushes: rewritingPushes, errorMapper: { jsonRPCError(for: $0) })
  }

  /// Every set of topics `followChanges` was asked for, in order.
  let followed = Followed()

  /// What `followChanges` was asked for.
  final class Followed: Sendable {
    private let topics = Mutex<[Set<ChangeTopic>]>([])
    /// In order.
    var all: [Set<ChangeTopic>] { topics.withLock { $0 } }
    func append(_ set: Set<ChangeTopic>) { topics.withLock { $0.append(set) } }
  }

  func followChanges(_ topics: Set<ChangeTopic>, push: PushChannel) throws {
    followed.append(topics)
  }

  func jsonRPCError(for error: any Error) -> JSONRPCError {
    if error is NobodySignedIn {
      return JSONRPCError(
        code: -32001, message: "Unauthorized: nobody is signed in to the fake.",
        data: .object(JSONObject(["reason": .string("unauthorized")])))
    }
    return error as? JSONRPCError ?? .internalError()
  }

  func followsNewerSavedRefresh() -> Bool { false }

  func characterID(named name: String, universe: String) throws -> Int? { nil }

  func characterCard(
    universe: String, id: Int,
    progress: @escaping @Sendable (_ completed: Int, _ total: Int, _ message: String) -> Void
  ) async throws -> (bytes: [UInt8], warnings: [String]) {
    throw NobodySignedIn()
  }
}
