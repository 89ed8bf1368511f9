extension Substring {
  /// The text without the spaces and tabs at either end (a header line's optional white space).
  func trimmingSpacesAndTabs() -> String {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return String(text)
  }
}
