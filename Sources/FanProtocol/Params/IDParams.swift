/// `{id}`: the params of the methods that fetch one record.
public struct IDParams: Codable, Sendable, Equatable {
  /// The record's id.
  public var id: Int

  /// A value with these members.
  public init(id: Int) {
    self.id = id
  }
}
