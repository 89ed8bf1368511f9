import FanCore
import FanProtocol

extension LocationRecord {
  /// The record of `location` of `universe`.
  package init(_ location: Location, universe: UniverseID) {
    self.init(
      id: location.id, universe: universe, name: location.name, type: location.type,
      dimension: location.dimension, residentCount: location.residentIDs.count,
      extraFields: location.extraFields)
  }
}
