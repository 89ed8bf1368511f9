extension Series {
  /// Breaking Bad.
  public static let breakingBad = Series(rawValue: "breaking-bad")
  /// Better Call Saul.
  public static let betterCallSaul = Series(rawValue: "better-call-saul")
  /// Rick and Morty.
  public static let rickAndMorty = Series(rawValue: "rick-and-morty")
}
