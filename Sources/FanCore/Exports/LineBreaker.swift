/// Breaks glyphs into lines that fit a width, at spaces (or inside a word too long for a line),
/// and cuts a line short with an ellipsis.
enum LineBreaker {
  /// The lines of `glyphs` set at `size` points.
  ///
  /// The first is at most `firstWidth` points wide, the others at most `width`. Runs of spaces collapse to one, and no line starts or ends with one.
  static func lines(
    _ glyphs: [Glyph], size: Double, firstWidth: Double, width: Double
  ) -> [[Glyph]] {
    var lines: [[Glyph]] = []
    var line: [Glyph] = []
    var limit: Double { lines.isEmpty ? firstWidth : width }
    for (space, word) in words(glyphs) {
      let candidate = line.isEmpty ? word : line + [space] + word
      if Glyph.width(of: candidate, size: size) <= limit {
        line = candidate
        continue
      }
      if !line.isEmpty {
        lines.append(line)
        line = []
      }
      // The word starts a line; what does not fit goes on further lines.
      var rest = word[...]
      while Glyph.width(of: rest, size: size) > limit {
        var end = rest.startIndex + 1
        while end < rest.endIndex, Glyph.width(of: rest[rest.startIndex...end], size: size) <= limit
        {
          end += 1
        }
        lines.append(Array(rest[..<end]))
        rest = rest[end...]
      }
      line = Array(rest)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `line` cut so that it and an ellipsis fit in `width` points at `size`, ending with the
  /// ellipsis (…).
  static func truncated(_ line: [Glyph], size: Double, width: Double) -> [Glyph] {
    let font = line.last { $0.font != .symbol }?.font ?? .regular
    let ellipsis = Glyph(font: font, code: 0x85)
    var kept = line
    while !kept.isEmpty, Glyph.width(of: kept + [ellipsis], size: size) > width {
      kept.removeLast()
    }
    while kept.last?.isSpace == true { kept.removeLast() }
    return kept + [ellipsis]
  }

  /// The words of `glyphs`, each with the space glyph before it (or a regular space).
  private static func words(_ glyphs: [Glyph]) -> [(space: Glyph, word: [Glyph])] {
    var words: [(space: Glyph, word: [Glyph])] = []
    var space = Glyph(font: .regular, code: 0x20)
    var word: [Glyph] = []
    for glyph in glyphs {
      if glyph.isSpace {
        if !word.isEmpty {
          words.append((space, word))
          word = []
          space = glyph
        }
      } else {
        word.append(glyph)
      }
    }
    if !word.isEmpty { words.append((space, word)) }
    return words
  }
}
