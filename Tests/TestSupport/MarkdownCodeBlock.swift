/// A fenced code block of a Markdown file, as the README tests read it.
package struct MarkdownCodeBlock: Sendable, Equatable {
  /// The line of the opening fence (1-based).
  package var line: Int
  /// The info string after the opening fence (`sh`, `json`, …), or "" for none.
  package var language: String
  /// The lines between the fences, joined with newlines (with a final newline).
  package var text: String
  /// The text of an HTML comment on the line just above the fence (`<!-- not run: why -->`
  /// gives "not run: why"), or nil.
  package var directive: String?
  /// Whether only blank lines stand between this block and the one before it (so it shows
  /// what that block prints).
  package var followsPreviousBlock: Bool

  /// The fenced blocks of `markdown`, in order.
  package static func blocks(in markdown: String) -> [MarkdownCodeBlock] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [MarkdownCodeBlock] = []
    var open: (line: Int, language: String, directive: String?, follows: Bool)?
    var body: [String] = []
    var onlyBlankSinceLastBlock = false
    for (index, line) in lines.enumerated() {
      if let current = open {
        if line.hasPrefix("```") {
          blocks.append(
            MarkdownCodeBlock(
              line: current.line, language: current.language,
              text: body.map { $0 + "\n" }.joined(), directive: current.directive,
              followsPreviousBlock: current.follows))
          open = nil
          body = []
          onlyBlankSinceLastBlock = true
        } else {
          body.append(line)
        }
        continue
      }
      if line.hasPrefix("```") {
        let previous = index > 0 ? trimmed(lines[index - 1]) : ""
        var directive: String?
        if previous.hasPrefix("<!--"), previous.hasSuffix("-->") {
          directive = trimmed(String(previous.dropFirst(4).dropLast(3)))
        }
        open = (
          index + 1, trimmed(String(line.dropFirst(3))), directive,
          onlyBlankSinceLastBlock && !blocks.isEmpty
        )
      } else if !trimmed(line).isEmpty {
        onlyBlankSinceLastBlock = false
      }
    }
    return blocks
  }

  private static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\r" {
      text = text.dropLast()
    }
    return String(text)
  }
}
