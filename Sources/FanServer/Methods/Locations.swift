import FanCore
import FanProtocol
import JSONRPC

extension LocationsList: RPCMethod {}

extension LocationsGet: RPCMethod {}

extension LocationsList.Params {
  /// The page asked for.
  var page: PageRequest { PageRequest(limit: limit, cursor: cursor) }
}

extension FanService {
  /// Registers the `locations.*` methods.
  func registerLocationMethods(into router: inout MethodRouter) {
    let stores = servedCatalogs
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
