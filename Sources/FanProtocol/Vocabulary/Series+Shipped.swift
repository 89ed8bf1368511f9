extension Series {
  /// Breaking Bad (2008–2013).
  public static let breakingBad = Series(rawValue: "breaking-bad")
  /// Better Call Saul (2015–2022).
  public static let betterCallSaul = Series(rawValue: "better-call-saul")
  /// Rick and Morty (2013–).
  public static let rickAndMorty = Series(rawValue: "rick-and-morty")
}
