import FanProtocol

extension Series {
  /// Rick and Morty (2013–).
  package static let rickAndMorty = Series(rawValue: "rick-and-morty")
}
