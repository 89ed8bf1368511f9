import FanProtocol

/// A place of a universe with its own record (Rick and Morty's locations).
package struct Location: Sendable, Hashable {
  /// The source API's id.
  package let id: Int
  /// The name.
  package let name: String
  /// `Planet`, `Space station`, ...; nil where the source leaves it empty.
  package let type: String?
  /// `Dimension C-137`, ...; nil where the source leaves it empty.
  package let dimension: String?
  /// The characters who were last seen here, by id.
  package var residentIDs: [Int]
  /// The fields its universe adds, in the order its records show them.
  package let extraFields: [RecordField]

  /// Creates a location.
  package init(
    id: Int, name: String, type: String?, dimension: String?, residentIDs: [Int],
    extraFields: [RecordField] = []
  ) {
    self.id = id
    self.name = name
    self.type = type
    self.dimension = dimension
    self.residentIDs = residentIDs
    self.extraFields = extraFields
  }
}
