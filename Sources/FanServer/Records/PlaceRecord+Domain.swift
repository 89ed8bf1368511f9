import FanCore
import FanProtocol

extension PlaceRecord {
  /// The record of `place`.
  package init(_ place: Place) {
    self.init(locationId: place.locationID, name: place.name)
  }
}
