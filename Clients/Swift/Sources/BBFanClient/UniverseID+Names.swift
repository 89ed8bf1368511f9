extension UniverseID {
  /// Breaking Bad and Better Call Saul (the default).
  public static let breakingBad = UniverseID(rawValue: "breaking-bad")
  /// Rick and Morty.
  public static let rickAndMorty = UniverseID(rawValue: "rick-and-morty")
}
