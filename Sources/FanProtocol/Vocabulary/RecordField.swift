/// A field a universe adds to its records beyond those every universe shares (a character's
/// hometown, an episode's director): its name as the wire writes it, and its value.
///
/// The service carries such fields through every record, export and client without code of its
/// own per universe; the fields the domain queries (a nickname, a species) are typed members of
/// the records instead.
public struct RecordField: Sendable, Hashable {
  /// A field's value: the kinds of value a record's own fields have.
  public enum Value: Sendable, Hashable {
    /// Text.
    case text(String)
    /// A whole number.
    case number(Int)
    /// A list of texts.
    case texts([String])
    /// Unknown, or left empty by the source.
    case none
  }

  /// The name on the wire (`hometown`).
  public let name: String
  /// The value.
  public let value: Value

  /// The field `name` with `value`.
  public init(name: String, value: Value) {
    self.name = name
    self.value = value
  }

  /// The value as one line of text: a list joined with `separator`, nothing for `none`.
  public func text(joining separator: String) -> String {
    switch value {
    case .text(let text): text
    case .number(let number): String(number)
    case .texts(let texts): texts.joined(separator: separator)
    case .none: ""
    }
  }
}
