extension UniverseID {
  /// Breaking Bad and Better Call Saul (the breakingbadapi.com data).
  public static let breakingBad = UniverseID(rawValue: "breaking-bad")
  /// Rick and Morty (the rickandmortyapi.com data).
  public static let rickAndMorty = UniverseID(rawValue: "rick-and-morty")
}
