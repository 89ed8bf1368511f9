import FanProtocol

extension UniverseID {
  /// Breaking Bad and Better Call Saul (the breakingbadapi.com data).
  package static let breakingBad = UniverseID(rawValue: "breaking-bad")
}
