/// Why an image cannot be drawn on a card, as a phrase for a warning.
struct ImageProblem: Error, Sendable, Equatable {
  /// What is wrong, such as "the PNG file is truncated".
  var message: String

  /// Creates a problem.
  init(_ message: String) {
    self.message = message
  }
}
