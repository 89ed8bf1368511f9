import FanProtocol

/// The one algorithm that reads favourites, over either engine (`FavoriteToggle` changes them).
package enum FavoriteRecords {
  /// The user's favourite quote ids in `universe`, newest first.
  package static func favorites<Writer: SQLWriter>(
    _ writer: Writer, userID: Int64, universe: UniverseID
  ) throws(Writer.Failure) -> [Int] {
    try writer.query(
      "SELECT quote_id FROM favorites WHERE user_id = ? AND universe = ? ORDER BY id DESC",
      [.integer(userID), .text(universe.rawValue)]
    ).compactMap { $0.first?.integer.map(Int.init) }
  }

  /// The quotes of `universe` with the most favourites across all users: count descending, ties
  /// by quote id.
  package static func top<Writer: SQLWriter>(_ writer: Writer, universe: UniverseID, limit: Int)
    throws(Writer.Failure) -> [(quoteID: Int, count: Int)]
  {
    try writer.query(
      """
      SELECT quote_id, count FROM favorite_counts WHERE universe = ? AND count > 0
      ORDER BY count DESC, quote_id LIMIT ?
      """, [.text(universe.rawValue), .integer(Int64(limit))]
    ).compactMap { row in
      guard let id = row[0].integer, let count = row[1].integer else { return nil }
      return (Int(id), Int(count))
    }
  }
}
