/// A user on the wire.
public struct UserRecord: Codable, Sendable, Equatable {
  /// The id.
  public var id: Int64
  /// The username as registered.
  public var username: String

  /// A value with these members.
  public init(id: Int64, username: String) {
    self.id = id
    self.username = username
  }

}
