/// A place a character comes from or was last seen at, as the source names it.
package struct Place: Sendable, Hashable {
  /// The name as the source writes it (`Earth (C-137)`, or `unknown`).
  package let name: String
  /// The location record it links to; nil where the source knows none ("unknown").
  package let locationID: Int?

  /// Creates a place.
  package init(name: String, locationID: Int?) {
    self.name = name
    self.locationID = locationID
  }
}
