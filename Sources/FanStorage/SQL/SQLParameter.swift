/// A value bound to a statement of an algorithm written over `SQLDialect`.
package enum SQLParameter: Sendable, Hashable {
  /// An integer.
  case integer(Int64)
  /// A text.
  case text(String)
}
