/// What an update does to one field of a profile.
package enum ProfileChange<Value: Sendable>: Sendable {
  /// Leaves it as it is.
  case keep
  /// Sets it.
  case set(Value)
  /// Removes it.
  case remove
}
