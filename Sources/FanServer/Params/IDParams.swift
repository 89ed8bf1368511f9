/// `{id}`: the params of the methods that fetch one record.
package struct IDParams: Codable, Sendable, Equatable {
  /// The record's id.
  package var id: Int
}
