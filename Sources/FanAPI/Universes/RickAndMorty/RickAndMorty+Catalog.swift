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

  /// The Rick and Morty API, which is public and alive (https://rickandmortyapi.com).
  package var publicAPI: String? { "https://rickandmortyapi.com/api" }

  /// Characters, episodes, locations: the order a refresh fetches them in.
  package var resources: [CatalogResource] {
    [Self.characterList, Self.episodeList, Self.locationList]
  }

  /// Decodes one list, or one page of it, with the Rick and Morty DTOs.
  package func decode(_ resource: CatalogResource, from body: Data) throws(SourceError)
    -> DecodedList
  {
    switch resource {
    case Self.characterList:
      return try RickAndMortyList(RickAndMortyCharacterDTO.self, from: body, as: resource).decoded
    case Self.episodeList:
      return try RickAndMortyList(RickAndMortyEpisodeDTO.self, from: body, as: resource).decoded
    case Self.locationList:
      return try RickAndMortyList(RickAndMortyLocationDTO.self, from: body, as: resource).decoded
    default:
      throw .missingResource(resource.name)
    }
  }

  /// The `info.next` and `info.pages` of a page, read without its `results`; none for a joined
  /// array.
  package func pageLinks(of resource: CatalogResource, in body: Data) throws(SourceError)
    -> PageLinks
  {
    guard RickAndMortyList<Never>.isPage(body) else { return PageLinks() }
    let header = try SnapshotDecoder.decodeBody(
      RickAndMortyPageHeaderDTO.self, from: body, as: resource,
      expecting: "a page of \(resource.name) ({\"info\": {...}, \"results\": [...]})")
    return PageLinks(nextPage: header.info.next, pageCount: header.info.pages)
  }

  /// Decodes the three lists (each whole or in pages), joins them and maps them.
  package func catalog(from bodies: [CatalogResource: [Data]]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    let (snapshot, decodeProblems) = try RickAndMortySnapshot.decode(
      characters: self.bodies(Self.characterList, in: bodies),
      episodes: self.bodies(Self.episodeList, in: bodies),
      locations: self.bodies(Self.locationList, in: bodies))
    let (catalog, mapProblems) = RickAndMortyMapper.map(snapshot)
    return (catalog, decodeProblems + mapProblems)
  }
}
