import FanCore
import FoundationEssentials

extension RickAndMorty: CatalogUniverse {
  /// `/character`, joined into `characters.json`.
  package static let characterList = CatalogResource(
    name: "characters", recordName: "character", pathSegments: ["character"])
  /// `/episode`, joined into `episodes.json`.
  package static let episodeList = CatalogResource(
    name: "episodes", recordName: "episode", pathSegments: ["episode"])
  /// `/location`, joined into `locations.json`.
  package static let locationList = CatalogResource(
    name: "locations", recordName: "location", pathSegments: ["location"])

  /// Characters, episodes, locations: the order a refresh fetches them in.
  package var resources: [CatalogResource] {
    [Self.characterList, Self.episodeList, Self.locationList]
  }

  /// Decodes one list with the Rick and Morty DTOs.
  package func decode(_ resource: CatalogResource, from body: Data) throws(SourceError) -> (
    records: Int, problems: [MappingProblem]
  ) {
    switch resource {
    case Self.characterList:
      let list = try SnapshotDecoder.decodeList(
        RickAndMortyCharacterDTO.self, from: body, as: resource)
      return (list.elements.count, list.problems)
    case Self.episodeList:
      let list = try SnapshotDecoder.decodeList(
        RickAndMortyEpisodeDTO.self, from: body, as: resource)
      return (list.elements.count, list.problems)
    case Self.locationList:
      let list = try SnapshotDecoder.decodeList(
        RickAndMortyLocationDTO.self, from: body, as: resource)
      return (list.elements.count, list.problems)
    default:
      throw .missingResource(resource.name)
    }
  }

  /// Decodes the three lists and maps them.
  package func catalog(from bodies: [CatalogResource: Data]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    let (snapshot, decodeProblems) = try RickAndMortySnapshot.decode(
      characters: body(Self.characterList, in: bodies),
      episodes: body(Self.episodeList, in: bodies),
      locations: body(Self.locationList, in: bodies))
    let (catalog, mapProblems) = RickAndMortyMapper.map(snapshot)
    return (catalog, decodeProblems + mapProblems)
  }
}
