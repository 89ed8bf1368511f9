/// Whether a character is alive at the end of the story, as the source says.
package enum CharacterStatus: String, Sendable, Hashable, Codable, CaseIterable {
  /// Alive.
  case alive
  /// Dead.
  case deceased
  /// Believed dead (Walter White).
  case presumedDead = "presumed-dead"
  /// Not known (Donald Margolis).
  case unknown

  /// Whether the character counts as dead for filtering: deceased or presumed dead.
  package var countsAsDeceased: Bool { self == .deceased || self == .presumedDead }
}
