import FanCore
import JSONRPC

/// `locations.list`: every location of a universe, by id.
package enum LocationsList: RPCMethod {
  /// The wire name.
  package static let name = "locations.list"

  /// `{universe?}`.
  package struct Params: Codable, Sendable, Equatable {
    /// The universe; the default one when absent.
    package var universe: UniverseID?

    /// The most records a page holds; the whole list when absent.
    package var limit: Int?
    /// Where the page starts: the `nextCursor` of the previous page of the same query.
    package var cursor: String?

    /// Decodes, ignoring an empty universe.
    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      universe = try container.decodeUniverse(forKey: .universe, of: decoder.universes)
      let page = try container.decodePage(limit: .limit, cursor: .cursor)
      limit = page.limit
      cursor = page.cursor
    }

    /// The page asked for.
    var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
  }

  /// `{locations: [...]}`, by id.
  package struct Result: Codable, Sendable, Equatable {
    /// The page's locations (none for a universe without location records).
    package var locations: [LocationRecord]
    /// The number of records in the whole list, on every page.
    package var total: Int
    /// The cursor of the next page, or null at the end of the list.
    @EncodedAsNull package var nextCursor: String?
  }
}

/// `locations.get`: one location with its residents.
package enum LocationsGet: RPCMethod {
  /// The wire name.
  package static let name = "locations.get"
  /// `[id]` is accepted too.
  package static let positionalParameters: [String]? = ["id"]

  /// `{id, universe?}`.
  package typealias Params = UniverseIDParams

  /// A character last seen at the location.
  package struct Resident: Codable, Sendable, Equatable {
    /// The character's id.
    package var id: Int
    /// The character's name.
    package var name: String
  }

  /// The residents added to the location record.
  package struct Residents: Codable, Sendable, Equatable {
    /// The characters last seen there, in the source's order.
    package var residents: [Resident]
  }

  /// The location record's fields and `residents`, in one object.
  package typealias Result = Merged<LocationRecord, Residents>
}

extension FanService {
  /// Registers the `locations.*` methods.
  func registerLocationMethods(into router: inout MethodRouter) {
    let stores = catalogStores
    router.register(LocationsList.self) { params, _ in
      let loaded = try stores.loaded(universe: params.universe)
      let catalog = loaded.catalog
      let page = try params.page.page(
        of: catalog.locations, method: LocationsList.name, params: params,
        catalog: loaded.identity)
      return LocationsList.Result(
        locations: page.records.map { LocationRecord($0, universe: catalog.universe) },
        total: page.total, nextCursor: page.nextCursor)
    }
    router.register(LocationsGet.self) { params, _ in
      let catalog = try stores.loaded(universe: params.universe).catalog
      let location = try catalog.location(id: params.id)
      let residents = location.residentIDs.compactMap { id in
        catalog.name(ofCharacter: id).map { LocationsGet.Resident(id: id, name: $0) }
      }
      return LocationsGet.Result(
        LocationRecord(location, universe: catalog.universe), .init(residents: residents))
    }
  }
}
