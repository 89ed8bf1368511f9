/// An online quiz on the wire.
public struct OnlineQuizRecord: Codable, Sendable, Equatable {
  /// The catalogue's id: a string, as the API has it.
  public var id: String
  /// The title, as the API has it.
  public var title: String
  /// The facts, as the API has them.
  public var facts: [String]
  /// Whether the signed-in user added it; absent when nobody is signed in.
  public var inCollection: Bool?

  /// A value with these members.
  public init(id: String, title: String, facts: [String], inCollection: Bool? = nil) {
    self.id = id
    self.title = title
    self.facts = facts
    self.inCollection = inCollection
  }
}
