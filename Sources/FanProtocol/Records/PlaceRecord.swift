/// A character's origin or last location on the wire: `{locationId, name}`.
public struct PlaceRecord: Codable, Sendable, Equatable {
  /// The location record it links to, or null for `unknown`.
  @EncodedAsNull public var locationId: Int?
  /// The name as the source writes it.
  public var name: String

  /// A value with these members.
  public init(locationId: Int? = nil, name: String) {
    self.locationId = locationId
    self.name = name
  }

}
