/// `{id, token?}`: fetch one record, with the signed-in user's `isFavorite` on its quotes.
public struct IDTokenParams: Codable, Sendable, Equatable {
  /// The record's id.
  public var id: Int
  /// Acts for this session's user instead of the current one.
  public var token: String?

  /// A value with these members.
  public init(id: Int, token: String? = nil) {
    self.id = id
    self.token = token
  }
}
