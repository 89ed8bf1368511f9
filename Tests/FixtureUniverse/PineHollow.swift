import FanAPI
import FanCore
import FanProtocol
import Foundation

/// A third universe that lives only in the tests: "Pine Hollow", a small made-up show with two
/// seasons, four characters, five episodes, four quotes and one location, in an API shape of
/// its own (`PineHollowDTO`).
///
/// Everything it needs is in this folder: its description, its lists and their routes, its
/// decoding and mapping, and its embedded snapshot (`Snapshot/`, the test target's resources).
/// The service serves it when it is added to the list of universes
/// (`ServiceConfiguration.universes`); nothing outside this folder names it.
package struct PineHollow: UniverseDescription, CatalogUniverse {
  /// `pine-hollow`.
  package let id = UniverseID(rawValue: "pine-hollow")
  /// The one series.
  package let series: [Series] = [PineHollow.show]
  /// Season filters mean the show's seasons.
  package let defaultSeasonSeries: Series? = PineHollow.show
  /// `Junebug` is June Alder's nickname, which the episode lists use once.
  package let aliases: [String: String] = ["Junebug": "June Alder"]
  /// Every name resolves.
  package let unlinkedNames: Set<String> = []
  /// `Pine Hollow`.
  package let displayName = "Pine Hollow"
  /// `Pine Hollow`.
  package let seriesDisplayNames: [Series: String] = [PineHollow.show: "Pine Hollow"]

  /// The show's one series, `pine-hollow`.
  package static let show = Series(rawValue: "pine-hollow")

  /// The universe.
  package init() {}

  /// Characters, episodes, quotes and locations, each a whole list at its path.
  package var resources: [CatalogResource] {
    [
      CatalogResource(name: "characters", recordName: "character", pathSegments: ["characters"]),
      CatalogResource(name: "episodes", recordName: "episode", pathSegments: ["episodes"]),
      CatalogResource(name: "quotes", recordName: "quote", pathSegments: ["quotes"]),
      CatalogResource(name: "locations", recordName: "location", pathSegments: ["locations"]),
    ]
  }

  /// Decodes one list record by record.
  package func decode(_ resource: CatalogResource, from body: Data) throws(SourceError)
    -> DecodedList
  {
    let problems: [MappingProblem]
    let count: Int
    switch resource.name {
    case "characters":
      (count, problems) = try Self.count(PineHollowDTO.Character.self, body, resource)
    case "episodes":
      (count, problems) = try Self.count(PineHollowDTO.Episode.self, body, resource)
    case "quotes":
      (count, problems) = try Self.count(PineHollowDTO.Quote.self, body, resource)
    case "locations":
      (count, problems) = try Self.count(PineHollowDTO.Location.self, body, resource)
    default:
      throw .missingResource(resource.name)
    }
    return DecodedList(records: count, problems: problems)
  }

  /// None: the API sends each list whole.
  package func pageLinks(of resource: CatalogResource, in body: Data) throws(SourceError)
    -> PageLinks
  {
    PageLinks()
  }

  /// Decodes the four lists and maps them.
  package func catalog(from bodies: [CatalogResource: [Data]]) throws(SourceError) -> (
    catalog: Catalog, problems: [MappingProblem]
  ) {
    let lists = resources
    let characters = try SnapshotDecoder.decodeList(
      PineHollowDTO.Character.self, from: body(lists[0], in: bodies), as: lists[0])
    let episodes = try SnapshotDecoder.decodeList(
      PineHollowDTO.Episode.self, from: body(lists[1], in: bodies), as: lists[1])
    let quotes = try SnapshotDecoder.decodeList(
      PineHollowDTO.Quote.self, from: body(lists[2], in: bodies), as: lists[2])
    let locations = try SnapshotDecoder.decodeList(
      PineHollowDTO.Location.self, from: body(lists[3], in: bodies), as: lists[3])
    let catalog = Catalog(
      universe: self, episodes: episodes.elements.compactMap { $0.episode },
      characters: characters.elements.map(\.character),
      quotes: quotes.elements.map(\.quote), locations: locations.elements.map(\.location))
    return (
      catalog, characters.problems + episodes.problems + quotes.problems + locations.problems
    )
  }

  /// The snapshot's file of `resource`, from this folder's `Snapshot/`.
  package func embeddedBody(of resource: CatalogResource) -> String? {
    guard
      let url = Bundle.module.url(
        forResource: resource.name, withExtension: "json", subdirectory: "Snapshot")
    else { return nil }
    return try? String(contentsOf: url, encoding: .utf8)
  }

  /// The number of records in the snapshot's file of `resource`.
  package func embeddedRecordCount(of resource: CatalogResource) -> Int? {
    guard let text = embeddedBody(of: resource),
      let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
    else { return nil }
    return array.count
  }

  /// The folder of the snapshot's files (for a test server that serves them as the live API).
  package static var snapshotFolder: URL? {
    Bundle.module.url(forResource: "Snapshot", withExtension: nil)
  }

  private static func count<T: Decodable & Sendable>(
    _ type: T.Type, _ body: Data, _ resource: CatalogResource
  ) throws(SourceError) -> (Int, [MappingProblem]) {
    let list = try SnapshotDecoder.decodeList(type, from: body, as: resource)
    return (list.elements.count, list.problems)
  }
}
