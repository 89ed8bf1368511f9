import FanProtocol

extension Series {
  /// Breaking Bad (2008–2013).
  package static let breakingBad = Series(rawValue: "breaking-bad")
  /// Better Call Saul (2015–2022).
  package static let betterCallSaul = Series(rawValue: "better-call-saul")
}
