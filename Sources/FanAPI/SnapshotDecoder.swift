import FoundationEssentials

/// Decodes the API's three arrays with `JSONDecoder`, record by record.
package enum SnapshotDecoder {
  /// The snapshot, and a problem for every record that did not decode.
  package static func decode(characters: Data, episodes: Data, quotes: Data) throws(SourceError)
    -> (snapshot: CatalogSnapshot, problems: [MappingProblem])
  {
    let decodedCharacters = try decodeList(CharacterDTO.self, from: characters, as: .characters)
    let decodedEpisodes = try decodeList(EpisodeDTO.self, from: episodes, as: .episodes)
    let decodedQuotes = try decodeList(QuoteDTO.self, from: quotes, as: .quotes)
    let snapshot = CatalogSnapshot(
      characters: decodedCharacters.elements, episodes: decodedEpisodes.elements,
      quotes: decodedQuotes.elements)
    return (
      snapshot,
      decodedCharacters.problems + decodedEpisodes.problems + decodedQuotes.problems
    )
  }

  /// One resource's list: the records that decode, and a problem for each one that does not.
  ///
  /// Throws `invalidJSON` when `data` is not JSON and `wrongShape` when it is not an array.
  package static func decodeList<T: Decodable & Sendable>(
    _ type: T.Type, from data: Data, as resource: CatalogResource
  ) throws(SourceError) -> (elements: [T], problems: [MappingProblem]) {
    let array: LossyArray<T>
    do {
      array = try JSONDecoder().decode(LossyArray<T>.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      let detail = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      throw .invalidJSON(resource: resource.recordName, detail: detail)
    } catch {
      throw .wrongShape(
        resource: resource.recordName, detail: "expected an array of \(resource.rawValue)")
    }
    let problems = array.failures.map {
      MappingProblem(
        resource: resource.recordName, id: $0.id,
        reason: "record \($0.index) does not decode: \($0.reason)", dropped: true)
    }
    return (array.elements, problems)
  }
}
