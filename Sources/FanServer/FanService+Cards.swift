import FanAPI
import FanCore

extension FanService {
  /// The card of character `id` of `universe` (a PDF, with its warnings), rendered in memory
  /// and written nowhere, as the MCP interface's card resources serve it; `progress` hears its steps.
  ///
  /// Throws what `characters.export` throws for an unknown character, or `CancellationError`.
  package func card(
    universe: String, id: Int, progress: @escaping @Sendable (CharacterExporter.Step) -> Void
  ) async throws -> (bytes: [UInt8], warnings: [String]) {
    let catalog = try catalogStores.loaded(universe: UniverseID(rawValue: universe)).catalog
    let record = CharacterRecord(try catalog.character(id: id), in: catalog)
    let exporter = CharacterExporter(
      dataDirectory: configuration.dataDirectory, images: images,
      universes: catalogStores.universeList)
    let steps = CharacterExporter.steps(.pdf, progress: progress)
    steps("drawing the card of \(record.name)")
    let rendered = try await exporter.render(record, format: .pdf, step: steps)
    steps("rendered")
    return rendered
  }
}
