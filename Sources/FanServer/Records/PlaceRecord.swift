import FanCore

/// A character's origin or last location on the wire: `{locationId, name}`.
package struct PlaceRecord: Codable, Sendable, Equatable {
  /// The location record it links to, or null for `unknown`.
  @EncodedAsNull package var locationId: Int?
  /// The name as the source writes it.
  package var name: String

  /// The record of `place`.
  package init(_ place: Place) {
    locationId = place.locationID
    name = place.name
  }
}
