import FanProtocol

/// The Breaking Bad universe: Breaking Bad and Better Call Saul, the breakingbadapi.com data.
package struct BreakingBad: UniverseDescription {
  /// `breaking-bad`.
  package let id = UniverseID.breakingBad
  /// Breaking Bad, then Better Call Saul (by first air date).
  package let series: [Series] = [.breakingBad, .betterCallSaul]
  /// Season filters mean Breaking Bad's seasons unless they name a series.
  package let defaultSeasonSeries: Series? = .breakingBad
  /// The data's other spellings and typos; see `BreakingBad+Aliases.swift`.
  package var aliases: [String: String] { Self.aliases }
  /// The names left unlinked on purpose.
  package var unlinkedNames: Set<String> { Self.unlinked }

  /// `Breaking Bad`.
  package let displayName = "Breaking Bad"
  /// `Breaking Bad`, `Better Call Saul` (made when asked: the universe is made by every
  /// process, the table used by few of them).
  package var seriesDisplayNames: [Series: String] {
    [.breakingBad: "Breaking Bad", .betterCallSaul: "Better Call Saul"]
  }

  /// The universe.
  package init() {}
}
