/// `{id}`: the params of the methods that fetch one record.
package struct IDParams: Codable, Sendable, Equatable {
  /// The record's id.
  package var id: Int
}

/// `{id, token?}`: fetch one record, with the signed-in user's `isFavorite` on its quotes.
package struct IDTokenParams: Codable, Sendable, Equatable {
  /// The record's id.
  package var id: Int
  /// Acts for this session's user instead of the current one.
  package var token: String?
}
