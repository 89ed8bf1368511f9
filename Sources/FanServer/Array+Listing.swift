extension Array where Element == String {
  /// The items as a sentence lists them: `a`, `a and b`, `a, b and c` (empty for none).
  package var listed: String {
    guard let last else { return "" }
    return count == 1 ? last : dropLast().joined(separator: ", ") + " and " + last
  }
}
