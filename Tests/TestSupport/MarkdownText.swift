/// Pieces of Markdown prose the documentation checks read: code spans, links, bullets, and the
/// way a count is written.
package enum MarkdownText {
  /// The texts of the code spans of `text` (between single backticks), in order.
  package static func codeSpans(in text: String) -> [String] {
    var spans: [String] = []
    var current: String?
    for character in text {
      if character == "`" {
        if let span = current { spans.append(span) }
        current = current == nil ? "" : nil
      } else if current != nil {
        current?.append(character)
      }
    }
    return spans
  }

  /// The links of `text` as `(text, target)`, in order.
  package static func links(in text: String) -> [(text: String, target: String)] {
    text.matches(of: /\[([^\]]*)\]\(([^)\s]*)\)/).map { (String($0.output.1), String($0.output.2)) }
  }

  /// The bullet of `markdown` that starts with `- ` and then `start` (such as `**Tools**`), with
  /// its continuation lines (those indented), joined by newlines; nil for none.
  package static func bullet(startingWith start: String, in markdown: String) -> String? {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.hasPrefix("- " + start) }) else { return nil }
    var bullet = [lines[first]]
    for line in lines[(first + 1)...] {
      guard line.hasPrefix("  "), !line.allSatisfy(\.isWhitespace) else { break }
      bullet.append(line)
    }
    return bullet.joined(separator: "\n")
  }

  /// `count` as prose writes it: a word up to twelve (`three`), else digits grouped by commas
  /// (`1,169`).
  package static func written(_ count: Int) -> String {
    let words = [
      "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
      "eleven", "twelve",
    ]
    if words.indices.contains(count) { return words[count] }
    return digits(count)
  }

  /// `count` in digits grouped by commas (`1,169`), as tables and parentheses write it.
  package static func digits(_ count: Int) -> String {
    var text = String(count.magnitude)
    var index = text.endIndex
    while text.distance(from: text.startIndex, to: index) > 3 {
      index = text.index(index, offsetBy: -3)
      text.insert(",", at: index)
    }
    return count < 0 ? "-" + text : text
  }
}
