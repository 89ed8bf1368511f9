/// Breaks text into lines for a terminal.
enum TextWrapping {
  /// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
  static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `label` then `text` wrapped beside it, in a column starting at `column`: the label on the
  /// first line when it fits, else on a line of its own.
  static func hanging(_ label: String, _ text: String, column: Int, width: Int) -> String {
    let body = lines(text, width: width - column)
    let pad = String(repeating: " ", count: column)
    guard label.count < column - 1 else {
      return ([label] + body.map { pad + $0 }).joined(separator: "\n")
    }
    let first = label + String(repeating: " ", count: column - label.count) + (body.first ?? "")
    return ([first] + body.dropFirst().map { pad + $0 }).joined(separator: "\n")
  }
}
