/// A pipe table of a Markdown file, as the tests that check README's and `Docs/`' tables read it.
package struct MarkdownTable: Sendable, Equatable {
  /// One row of the table, below its header and separator.
  package struct Row: Sendable, Equatable {
    /// The row's line in the file (1-based).
    package var line: Int
    /// The row as written.
    package var text: String
    /// The cells, trimmed, as written (a `\|` stays escaped).
    package var cells: [String]
  }

  /// The header's cells.
  package var header: [String]
  /// The rows, in order.
  package var rows: [Row]

  /// The first table whose header is `header`, in the section under the heading line `heading`
  /// (such as `## Methods`), up to the next heading of the same level or above; nil for none.
  package static func find(header: [String], under heading: String, in markdown: String)
    -> MarkdownTable?
  {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let level = heading.prefix { $0 == "#" }.count
    guard level > 0, let start = lines.firstIndex(of: heading) else { return nil }
    var index = start + 1
    while index < lines.count {
      let line = lines[index]
      let hashes = line.prefix { $0 == "#" }.count
      if hashes > 0, hashes <= level, line.dropFirst(hashes).hasPrefix(" ") { return nil }
      if line.hasPrefix("|"), cells(of: line) == header {
        var rows: [Row] = []
        var next = index + 2
        while next < lines.count, lines[next].hasPrefix("|") {
          rows.append(Row(line: next + 1, text: lines[next], cells: cells(of: lines[next])))
          next += 1
        }
        return MarkdownTable(header: header, rows: rows)
      }
      index += 1
    }
    return nil
  }

  /// The cells of a table line: split at each `|` that is not escaped as `\|`, trimmed, without
  /// the empty ones outside the outer pipes.
  package static func cells(of line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaped = false
    for character in line {
      if character == "|", !escaped {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
      escaped = character == "\\" && !escaped
    }
    cells.append(current)
    if cells.first?.allSatisfy(\.isWhitespace) == true { cells.removeFirst() }
    if cells.last?.allSatisfy(\.isWhitespace) == true { cells.removeLast() }
    return cells.map { cell in
      var text = Substring(cell)
      while text.first == " " { text.removeFirst() }
      while text.last == " " { text.removeLast() }
      return String(text)
    }
  }
}
