import FanProtocol

extension UniverseID {
  /// Rick and Morty (the rickandmortyapi.com data).
  package static let rickAndMorty = UniverseID(rawValue: "rick-and-morty")
}
