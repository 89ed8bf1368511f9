import FanProtocol

extension ServiceInfo.Counts {
  /// The counts of a summary's lists.
  init(_ counts: [String: Int]) {
    self.init(
      episodes: counts["episodes"] ?? 0, characters: counts["characters"] ?? 0,
      quotes: counts["quotes"], locations: counts["locations"])
  }
}
