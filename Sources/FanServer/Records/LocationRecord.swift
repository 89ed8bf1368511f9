import FanCore

/// A location on the wire.
package struct LocationRecord: Codable, Sendable, Equatable {
  /// The source API's id.
  package var id: Int
  /// The universe whose ids `id` is among.
  package var universe: UniverseID
  /// The name.
  package var name: String
  /// `Planet`, ...; null where the source leaves it empty.
  @EncodedAsNull package var type: String?
  /// `Dimension C-137`, ...; null where the source leaves it empty.
  @EncodedAsNull package var dimension: String?
  /// How many characters were last seen there.
  package var residentCount: Int

  /// The record of `location` of `universe`.
  package init(_ location: Location, universe: UniverseID) {
    id = location.id
    self.universe = universe
    name = location.name
    type = location.type
    dimension = location.dimension
    residentCount = location.residentIDs.count
  }
}
