import FanCore
import FoundationEssentials

extension BreakingBad: CatalogUniverse {
  /// Characters, episodes, quotes: the order a refresh fetches them in.
  package var resources: [CatalogResource] { [.characters, .episodes, .quotes] }

  /// Decodes one list with the Breaking Bad DTOs.
  package func decode(_ resource: CatalogResource, from body: Data) throws(SourceError)
    -> DecodedList
  {
    switch resource {
    case .characters:
      let list = try SnapshotDecoder.decodeList(CharacterDTO.self, from: body, as: resource)
      return DecodedList(records: list.elements.count, problems: list.problems)
    case .episodes:
      let list = try SnapshotDecoder.decodeList(EpisodeDTO.self, from: body, as: resource)
      return DecodedList(records: list.elements.count, problems: list.problems)
    case .quotes:
      let list = try SnapshotDecoder.decodeList(QuoteDTO.self, from: body, as: resource)
      return DecodedList(records: list.elements.count, problems: list.problems)
    default:
      throw .missingResource(resource.name)
    }
  }

  /// None: the API sends each list whole.
  package func pageLinks(of resource: CatalogResource, in body: Data) throws(SourceError)
    -> PageLinks
  {
    PageLinks()
  }

  /// Decodes the three lists and maps them.
  package func catalog(from bodies: [CatalogResource: [Data]]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    let (snapshot, decodeProblems) = try BreakingBadSnapshot.decode(
      characters: body(.characters, in: bodies), episodes: body(.episodes, in: bodies),
      quotes: body(.quotes, in: bodies))
    let (catalog, mapProblems) = BreakingBadMapper.map(snapshot)
    return (catalog, decodeProblems + mapProblems)
  }
}
