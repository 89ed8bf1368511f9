import FoundationEssentials

/// The Breaking Bad snapshot embedded in the executable (the API's state of April 2022).
package struct EmbeddedCatalogSource: CatalogSource {
  /// Always `embedded`.
  package let name = "embedded"

  /// Creates the source.
  package init() {}

  /// Decodes the embedded files; records that do not decode are reported by `decodeSnapshot`.
  package func fetchSnapshot() async throws -> CatalogSnapshot {
    try decodeSnapshot().snapshot
  }

  /// The snapshot and the records that did not decode.
  package func decodeSnapshot() throws -> (snapshot: CatalogSnapshot, problems: [MappingProblem]) {
    try SnapshotDecoder.decode(
      characters: Data(file("characters.json").utf8),
      episodes: Data(file("episodes.json").utf8),
      quotes: Data(file("quotes.json").utf8))
  }

  private func file(_ name: String) throws -> String {
    guard let text = EmbeddedResources.files["Data/breaking-bad/\(name)"] else {
      throw SourceError.missingResource(name)
    }
    return text
  }
}
