import FoundationEssentials

/// Decodes the API's three arrays with `JSONDecoder`, record by record.
package enum SnapshotDecoder {
  /// The snapshot, and a problem for every record that did not decode.
  package static func decode(characters: Data, episodes: Data, quotes: Data) throws
    -> (snapshot: CatalogSnapshot, problems: [MappingProblem])
  {
    let decoder = JSONDecoder()
    var problems: [MappingProblem] = []
    func decodeArray<T: Decodable & Sendable>(_ type: T.Type, _ data: Data, _ resource: String)
      throws -> [T]
    {
      let array: LossyArray<T>
      do {
        array = try decoder.decode(LossyArray<T>.self, from: data)
      } catch {
        throw SourceError.wrongShape(resource: resource, detail: "\(error)")
      }
      problems += array.failures.map {
        MappingProblem(
          resource: resource, id: $0.id, reason: "record \($0.index) does not decode: \($0.reason)",
          dropped: true)
      }
      return array.elements
    }
    let snapshot = CatalogSnapshot(
      characters: try decodeArray(CharacterDTO.self, characters, "character"),
      episodes: try decodeArray(EpisodeDTO.self, episodes, "episode"),
      quotes: try decodeArray(QuoteDTO.self, quotes, "quote"))
    return (snapshot, problems)
  }
}
