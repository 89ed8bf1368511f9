import FanProtocol

/// Why a catalog query could not be answered.
package enum CatalogError: Error, Sendable, Equatable {
  /// No record of this kind has this id.
  case notFound(kind: String, id: Int)
  /// No record of this kind has this id in `universe` (nil id: it has no record of this kind),
  /// for a request that named the universe.
  case notFoundInUniverse(kind: String, id: Int?, universe: UniverseID)
  /// A name that resolves to no character, with the closest names (best first).
  case unknownName(field: String, name: String, suggestions: [String])
  /// A name that several characters carry, with their ids.
  case ambiguousName(field: String, name: String, candidates: [Int])
  /// A value that is out of range or contradicts another, as a phrase ("must be 1 or more").
  case invalidValue(field: String, problem: String)
  /// Nothing matches the query where one match is needed: no record of `kind` (such as "quote")
  /// by `author` (as the request wrote it) in `series`.
  case noMatch(kind: String, author: String?, series: Series?)
}
