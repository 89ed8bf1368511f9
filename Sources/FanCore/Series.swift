/// A series of the franchise.
package enum Series: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// Breaking Bad (2008–2013).
  case breakingBad = "breaking-bad"
  /// Better Call Saul (2015–2022).
  case betterCallSaul = "better-call-saul"

  /// The order series are listed in: by first air date.
  package static func < (lhs: Series, rhs: Series) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }

  /// The wire names, for error messages.
  package static var wireNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
