/// The page description of a card, drawn piece by piece from the top down.
///
/// Sizes are in points on the 252 × 352 page, whose origin is the bottom-left corner.
struct CardLayout {
  /// The content stream's operators so far.
  private(set) var content = ""
  /// What did not fit and was cut short.
  private(set) var warnings: [String] = []
  /// The characters that were drawn as "?", each once.
  private(set) var undrawable: [Character] = []

  /// The left edge of the text and the image frame.
  private let left = 16.0
  /// The width of the text and the image frame.
  private let width = 220.0
  /// The image frame: its bottom and height.
  private let frame = (bottom: 172.0, height: 150.0)
  /// The lowest a line's descenders may reach.
  private let bottom = 14.0
  /// Where the next piece of text may start (its top).
  private var top = 166.0

  /// The dark colour of the border, the name and the fields.
  private let ink = "0.12 0.16 0.26"

  /// The border around the card.
  mutating func drawFrame() {
    content += "q \(ink) RG 3 w 7.5 7.5 237 337 re S Q\n"
  }

  /// The caption above the image, cut with an ellipsis when too long.
  mutating func drawCaption(_ caption: String) {
    let size = 7.5
    var glyphs = TextEncoder.glyphs(caption, font: .regular, undrawable: &undrawable)
    glyphs =
      LineBreaker.lines(glyphs, size: size, firstWidth: .infinity, width: .infinity)
      .first ?? []
    if Glyph.width(of: glyphs, size: size) > width {
      glyphs = LineBreaker.truncated(glyphs, size: size, width: width)
      warnings.append("the caption is too long for the card; it is cut short with “…”")
    }
    text(glyphs, size: size, x: left, y: 330, color: "0.35 0.38 0.45")
  }

  /// The image (`Im1`), its aspect ratio kept, centred in the frame.
  mutating func drawImage(width pixelWidth: Int, height pixelHeight: Int) {
    drawFrameBox()
    let box = (x: left + 4, y: frame.bottom + 4, width: width - 8, height: frame.height - 8)
    let scale = min(box.width / Double(pixelWidth), box.height / Double(pixelHeight))
    let size = (width: Double(pixelWidth) * scale, height: Double(pixelHeight) * scale)
    let x = box.x + (box.width - size.width) / 2
    let y = box.y + (box.height - size.height) / 2
    content += "q \(number(size.width)) 0 0 \(number(size.height)) \(number(x)) \(number(y)) cm"
    content += " /Im1 Do Q\n"
  }

  /// A filled box in the frame with the initials of `name` in large type.
  mutating func drawPlaceholder(name: String) {
    drawFrameBox()
    let colors = [
      "0.27 0.40 0.60", "0.55 0.30 0.35", "0.30 0.50 0.40", "0.50 0.42 0.25", "0.42 0.33 0.58",
    ]
    // FNV-1a of the name picks the colour, so a card keeps its colour from run to run.
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    content += "q \(colors[Int(hash % UInt32(colors.count))]) rg "
    content += "\(number(left + 4)) \(number(frame.bottom + 4)) \(number(width - 8)) "
    content += "\(number(frame.height - 8)) re f Q\n"
    let initials = Self.initials(of: name)
    guard !initials.isEmpty else { return }
    var glyphs = TextEncoder.glyphs(initials, font: .bold, undrawable: &undrawable)
    let size = min(64, 180 / max(1, Glyph.width(of: glyphs, size: 1)))
    glyphs =
      LineBreaker.lines(glyphs, size: size, firstWidth: .infinity, width: .infinity)
      .first ?? []
    let x = left + (width - Glyph.width(of: glyphs, size: size)) / 2
    let y = frame.bottom + frame.height / 2 - size * 0.36
    text(glyphs, size: size, x: x, y: y, color: "1 1 1")
  }

  /// The name in bold under the image: 15 points on up to two lines, else smaller on up to
  /// three, cut with "…" when even that is too long.
  mutating func drawName(_ name: String) {
    let glyphs = TextEncoder.glyphs(name, font: .bold, undrawable: &undrawable)
    var chosen: (size: Double, lines: [[Glyph]]) = (15, [])
    for (size, maximum) in [(15.0, 2), (13.0, 3), (11.0, 3)] {
      chosen = (size, LineBreaker.lines(glyphs, size: size, firstWidth: width, width: width))
      if chosen.lines.count <= maximum { break }
    }
    if chosen.lines.count > 3 {
      chosen.lines = Array(chosen.lines.prefix(3))
      chosen.lines[2] = LineBreaker.truncated(chosen.lines[2], size: chosen.size, width: width)
      warnings.append("the name is too long for the card; it is cut short with “…”")
    }
    var baseline = top - chosen.size * 0.8
    for line in chosen.lines {
      text(line, size: chosen.size, x: left, y: baseline, color: ink)
      baseline -= chosen.size * 1.15
    }
    if !chosen.lines.isEmpty { top = baseline + chosen.size * 1.15 - chosen.size * 0.25 }
    let rule = top - 4
    content += "q 0.7 0.72 0.78 RG 0.5 w \(number(left)) \(number(rule)) m "
    content += "\(number(left + width)) \(number(rule)) l S Q\n"
    top = rule - 5
  }

  /// The fields as "Label: value" paragraphs, continuation lines indented; the type shrinks
  /// from 9 to 6 points to fit, and what still does not fit is cut with "…" and a warning.
  mutating func drawFields(_ fields: [CardContent.Field]) {
    let paragraphs = fields.map { field in
      TextEncoder.glyphs(field.label + ":", font: .bold, undrawable: &undrawable)
        + [Glyph(font: .regular, code: 0x20)]
        + TextEncoder.glyphs(field.value, font: .regular, undrawable: &undrawable)
    }
    let indent = 8.0
    var size = 9.0
    var lines: [(field: Int, glyphs: [Glyph])] = []
    var capacity = 0
    for candidate in [9.0, 8.0, 7.0, 6.5, 6.0] {
      size = candidate
      lines = paragraphs.enumerated().flatMap { index, paragraph in
        LineBreaker.lines(paragraph, size: size, firstWidth: width, width: width - indent)
          .map { (index, $0) }
      }
      let first = top - size * 0.8
      capacity = max(0, Int(((first - bottom - size * 0.22) / (size * 1.2)).rounded(.down)) + 1)
      if lines.count <= capacity { break }
    }
    if lines.count > capacity {
      let cut = Set(lines[max(0, capacity - 1)...].map(\.field)).sorted()
      lines = Array(lines.prefix(capacity))
      if let last = lines.indices.last {
        let lastWidth =
          lines[last].field == lines[max(0, last - 1)].field && last > 0
          ? width - indent : width
        lines[last].glyphs = LineBreaker.truncated(lines[last].glyphs, size: size, width: lastWidth)
      }
      let labels = cut.map { "“\(fields[$0].label)”" }.joined(separator: ", ")
      warnings.append(
        "the fields do not fit on the card; the text is cut short with “…” in or before "
          + labels)
    }
    var baseline = top - size * 0.8
    for (index, line) in lines.enumerated() {
      let continued = index > 0 && lines[index - 1].field == line.field
      text(line.glyphs, size: size, x: left + (continued ? indent : 0), y: baseline, color: ink)
      baseline -= size * 1.2
    }
  }

  /// The frame the image or the placeholder sits in.
  private mutating func drawFrameBox() {
    content += "q 0.93 0.94 0.96 rg 0.6 0.62 0.68 RG 0.5 w \(number(left)) "
    content += "\(number(frame.bottom)) \(number(width)) \(number(frame.height)) re B Q\n"
  }

  /// Shows `glyphs` with its baseline starting at (`x`, `y`).
  private mutating func text(_ glyphs: [Glyph], size: Double, x: Double, y: Double, color: String) {
    guard !glyphs.isEmpty else { return }
    content += "BT \(color) rg \(number(x)) \(number(y)) Td "
    content += TextEncoder.show(glyphs, size: size) + "ET\n"
  }

  private func number(_ value: Double) -> String { PDFNumber.format(value) }

  /// The first letters of the first and last words of `name`, in capitals ("Walter White" →
  /// "WW", "Birdperson" → "B").
  static func initials(of name: String) -> String {
    let words = name.split(whereSeparator: \.isWhitespace).compactMap { word in
      word.first { $0.isLetter }
    }
    guard let first = words.first else { return "" }
    guard words.count > 1, let last = words.last else { return first.uppercased() }
    return first.uppercased() + last.uppercased()
  }
}
