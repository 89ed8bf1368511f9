import FanAPI
import FanCore
import FanProtocol
import FanServer
import JSONRPC
import MCPServer

/// The fan service as the registry an MCP server serves: its methods and schemas, and the
/// lookups MCP's resources and prompts make, by the universes' wire names.
extension FanService: MethodRegistry {
  /// `bbfan`.
  package var serverName: String { ServiceVersion.name }

  /// The version `--version` prints.
  package var serverVersion: String { ServiceVersion.version }

  /// The data directory.
  package var dataDirectory: String { configuration.dataDirectory }

  /// The universes served, by wire name, the default first.
  package var universeNames: [String] { servedCatalogs.universes.map(\.rawValue) }

  /// The universes served, as a sentence names them: `breaking-bad (Breaking Bad and Better
  /// Call Saul; the default) and rick-and-morty`, the default with its series, from the one
  /// list.
  package var universePhrase: String {
    let described = servedCatalogs.universes.compactMap { servedCatalogs.universeList.named($0) }
    let names = described.enumerated().map { index, universe in
      guard index == 0 else { return universe.id.rawValue }
      let series = universe.series.map { universe.seriesDisplayNames[$0] ?? $0.rawValue }
      return "\(universe.id) (\(series.listed); the default)"
    }
    return names.listed
  }

  /// The error as the service maps it.
  package func jsonRPCError(for error: any Error) -> JSONRPCError {
    ErrorMapping.jsonRPCError(for: error, log: log)
  }

  /// Whether `followSavedRefreshes` replaced a catalog; the connections subscribed to it are
  /// told (`announceSavedRefreshes`).
  package func followsNewerSavedRefresh() -> Bool {
    !announceSavedRefreshes().isEmpty
  }

  /// Subscribes the connection of `push` to exactly `topics`, by their wire names.
  package func followChanges(_ topics: Set<ChangeTopic>, push: PushChannel) throws {
    try followChanges(
      Set(topics.compactMap { NotificationTopic(rawValue: $0.rawValue) }), push: push)
  }

  /// The character of `universe` that `name` names as the rest of the service reads names (own
  /// name, nickname or alias, ignoring case and diacritics); nil when it names none or several.
  package func characterID(named name: String, universe: String) throws -> Int? {
    try servedCatalogs.loaded(universe: UniverseID(rawValue: universe)).catalog.resolver
      .resolve(name)
  }

  /// The card of character `id` of `universe`, rendered in memory and written nowhere, as
  /// `characters.export` would draw it; throws what it throws for an unknown character, or
  /// `CancellationError`.
  package func characterCard(
    universe: String, id: Int,
    progress: @escaping @Sendable (_ completed: Int, _ total: Int, _ message: String) -> Void
  ) async throws -> (bytes: [UInt8], warnings: [String]) {
    let catalog = try servedCatalogs.loaded(universe: UniverseID(rawValue: universe)).catalog
    let record = CharacterRecord(try catalog.character(id: id), in: catalog)
    let exporter = CharacterExporter(
      dataDirectory: configuration.dataDirectory, images: images,
      universes: servedCatalogs.universeList)
    let steps = CharacterExporter.steps(.pdf) { progress($0.completed, $0.total, $0.message) }
    steps("drawing the card of \(record.name)")
    let rendered = try await exporter.render(record, format: .pdf, step: steps)
    steps("rendered")
    return rendered
  }
}
