import JSON
import JSONRPC

/// What an MCP server needs of the service behind it: its methods and their schemas, how its
/// errors become replies, the connection that serves them, and the few lookups that resources
/// and prompts make.
///
/// The MCP server runs the service's own handlers (a tool and its method cannot answer
/// differently) and knows nothing else of it; the executable binds the service to it.
package protocol MethodRegistry: Sendable {
  /// The name `serverInfo` gives.
  var serverName: String { get }
  /// The version `serverInfo` gives.
  var serverVersion: String { get }
  /// The service's methods, by wire name.
  func makeRouter() -> MethodRouter
  /// The schema of every method, which the tools are made from.
  var schemas: SchemaRegistry { get }
  /// The service's diagnostics log.
  var log: DiagnosticLog { get }
  /// Where the service keeps its state (named in the message that asks a person to sign in).
  var dataDirectory: String { get }
  /// The universes served, by wire name, the default first.
  var universeNames: [String] { get }
  /// The universes served, as a sentence names them (the instructions say it).
  var universePhrase: String { get }

  /// A connection serving `router` with the service's limits, log, scheduling and error
  /// mapping; a cancelled request goes unanswered unless `answersCancelled`; what the service
  /// pushes to it passes through `rewritingPushes`.
  func makeConnection(
    router: some Router, answersCancelled: Bool,
    rewritingPushes: (@Sendable ([JSONValue]) -> [JSONValue])?
  ) -> JSONRPCConnection

  /// Subscribes the connection of `push` to exactly `topics` of every universe (none: to
  /// nothing), so that the service pushes their notifications to it; throws what reading the
  /// favourite counts to start from throws.
  func followChanges(_ topics: Set<ChangeTopic>, push: PushChannel) throws

  /// The reply for an error a handler or a lookup threw, as the service maps it.
  func jsonRPCError(for error: any Error) -> JSONRPCError

  /// Whether the service began serving a catalog refresh another process saved since it last
  /// looked (the resources changed).
  func followsNewerSavedRefresh() -> Bool

  /// The id of the character of `universe` that `name` names; nil when it names none or several.
  func characterID(named name: String, universe: String) throws -> Int?

  /// A character's card as PDF bytes, drawn in memory, with the warnings of its drawing;
  /// `progress` hears each step (completed, total, what just happened).
  func characterCard(
    universe: String, id: Int,
    progress: @escaping @Sendable (_ completed: Int, _ total: Int, _ message: String) -> Void
  ) async throws -> (bytes: [UInt8], warnings: [String])
}
