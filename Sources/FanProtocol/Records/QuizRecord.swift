/// A quiz of a user's collection on the wire.
public struct QuizRecord: Codable, Sendable, Equatable {
  /// The id.
  public var id: Int64
  /// The title.
  public var title: String
  /// The facts, in order (a flash card shows the title, then these).
  public var facts: [String]
  /// When it was created (UTC).
  public var createdAt: String
  /// The online catalogue's id it was added from, or null.
  @EncodedAsNull public var onlineId: String?

  /// A value with these members.
  public init(id: Int64, title: String, facts: [String], createdAt: String, onlineId: String? = nil)
  {
    self.id = id
    self.title = title
    self.facts = facts
    self.createdAt = createdAt
    self.onlineId = onlineId
  }

}
