/// The tape file could not be opened.
package struct TapeRecorderError: Error, Sendable, CustomStringConvertible {
  /// The path.
  package var path: String
  /// Why.
  package var reason: String

  /// `cannot open PATH for recording: REASON`.
  package var description: String { "cannot open \(path) for recording: \(reason)" }
}
