extension Substring {
  /// The text without the spaces and tabs at either end.
  func trimmingSpaces() -> String {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
