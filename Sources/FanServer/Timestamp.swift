import FoundationEssentials

/// Times on the wire.
enum Timestamp {
  /// `2026-11-21T18:55:03Z` for milliseconds since 1970 (whole seconds, UTC).
  static func iso8601(milliseconds: Int64) -> String {
    Date(timeIntervalSince1970: Double(milliseconds / 1000)).formatted(.iso8601)
  }
}
