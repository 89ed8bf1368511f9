/// The revisions of the Model Context Protocol this server speaks, in their two eras.
package enum MCPVersion {
  /// The revisions that begin with the `initialize` handshake, oldest first.
  package static let handshake = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// The revisions without a handshake, where every request carries its version in `_meta`.
  package static let modern = ["2026-07-28"]
  /// Every revision served, oldest first.
  package static let all = handshake + modern

  /// The handshake revision to answer `initialize` with: the client's when it is one of ours,
  /// else our newest (the client then decides whether it can go on).
  package static func negotiated(_ requested: String?) -> String {
    if let requested, handshake.contains(requested) { return requested }
    return handshake[handshake.count - 1]
  }
}
