/// Text to glyphs of the standard fonts, and glyphs to a content stream's text operators.
///
/// Helvetica (WinAnsiEncoding) draws what WinAnsi can encode; Symbol draws Greek letters; any
/// other character is drawn as "?" and reported.
enum TextEncoder {
  /// The glyphs that draw `text` in `font` (regular or bold); white space becomes a space, and a
  /// character neither font can draw becomes "?" and is added to `undrawable`.
  static func glyphs(_ text: String, font: CardFont, undrawable: inout [Character]) -> [Glyph] {
    var glyphs: [Glyph] = []
    for character in text {
      if character.isWhitespace {
        glyphs.append(Glyph(font: font, code: 0x20))
      } else if let code = winAnsiCode(character) {
        glyphs.append(Glyph(font: font, code: code))
      } else if let code = symbolCode(character) {
        glyphs.append(Glyph(font: .symbol, code: code))
      } else {
        if !undrawable.contains(character) { undrawable.append(character) }
        glyphs.append(Glyph(font: font, code: UInt8(ascii: "?")))
      }
    }
    return glyphs
  }

  /// The text operators that show `glyphs` at `size` from the current text position: one
  /// `Tf`/`Tj` pair per run of one font.
  static func show(_ glyphs: [Glyph], size: Double) -> String {
    var operators = ""
    var start = glyphs.startIndex
    while start < glyphs.endIndex {
      let font = glyphs[start].font
      var end = start
      while end < glyphs.endIndex, glyphs[end].font == font { end += 1 }
      operators += "/\(font.resourceName) \(PDFNumber.format(size)) Tf "
      operators += literal(glyphs[start..<end].map(\.code)) + " Tj "
      start = end
    }
    return operators
  }

  /// `bytes` as a PDF literal string: parentheses and backslashes escaped, bytes outside
  /// printable ASCII as octal escapes.
  static func literal(_ bytes: [UInt8]) -> String {
    var text = "("
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
        text += "\\" + String(UnicodeScalar(byte))
      case 0x20...0x7E: text.unicodeScalars.append(UnicodeScalar(byte))
      default:
        let octal = String(byte, radix: 8)
        text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      }
    }
    return text + ")"
  }

  /// The WinAnsi code of `character`, or nil when WinAnsi has none (controls included).
  static func winAnsiCode(_ character: Character) -> UInt8? {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first {
      return winAnsiCode(scalar)
    }
    // A decomposed letter ("e" and a combining acute) matches its precomposed form.
    for code in UInt8(0xC0)...0xFF where Character(UnicodeScalar(code)) == character {
      return code
    }
    return nil
  }

  /// A ToUnicode CMap for the Symbol font: its Greek codes to their letters.
  ///
  /// Without it, text extraction goes by glyph names, and the Adobe Glyph List reads Symbol's
  /// "Delta" as U+2206 (increment) and "mu" as U+00B5 (micro sign).
  static let symbolToUnicode: String = {
    let pairs = greek.map { (code: $0.value.value, scalar: $0.key) }.sorted { $0.code < $1.code }
    func hex(_ value: UInt32, digits: Int) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
    let entries = pairs.map { "<\(hex($0.code, digits: 2))> <\(hex($0.scalar, digits: 4))>" }
    return """
      /CIDInit /ProcSet findresource begin
      12 dict begin
      begincmap
      /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
      /CMapName /Adobe-Identity-UCS def
      /CMapType 2 def
      1 begincodespacerange
      <00> <FF>
      endcodespacerange
      \(entries.count) beginbfchar
      \(entries.joined(separator: "\n"))
      endbfchar
      endcmap
      CMapName currentdict /CMap defineresource pop
      end
      end

      """
  }()

  /// The Symbol code of the Greek letter `character`, or nil for anything else.
  static func symbolCode(_ character: Character) -> UInt8? {
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return nil }
    return greek[scalar.value].map { UInt8(ascii: $0) }
  }

  private static func winAnsiCode(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xFF: UInt8(scalar.value)
    default: winAnsiSpecials[scalar.value]
    }
  }

  /// WinAnsi's codes 0x80 to 0x9F (Windows-1252's), by Unicode scalar.
  private static let winAnsiSpecials: [UInt32: UInt8] = [
    0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
    0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
    0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
    0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
    0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
  ]

  /// Greek letters by Unicode scalar, to the Latin letter that is their code in Symbol's
  /// built-in encoding (ζ is `z`, final ς is `V`, Θ is `Q`).
  private static let greek: [UInt32: Unicode.Scalar] = {
    let capitals: [Unicode.Scalar] = [
      "A", "B", "G", "D", "E", "Z", "H", "Q", "I", "K", "L", "M", "N", "X", "O", "P", "R",
    ]
    let laterCapitals: [Unicode.Scalar] = ["S", "T", "U", "F", "C", "Y", "W"]
    var table: [UInt32: Unicode.Scalar] = [:]
    // Α (U+0391) to Ρ (U+03A1), then Σ (U+03A3) to Ω (U+03A9): U+03A2 is unassigned.
    for (offset, letter) in capitals.enumerated() { table[0x391 + UInt32(offset)] = letter }
    for (offset, letter) in laterCapitals.enumerated() { table[0x3A3 + UInt32(offset)] = letter }
    // α to ω are their capitals + 0x20, and Symbol's codes are lowercase the same way.
    for (capital, letter) in table {
      table[capital + 0x20] = Unicode.Scalar(UInt8(letter.value) | 0x20)
    }
    table[0x3C2] = "V"  // ς, final sigma
    table[0x3D1] = "J"  // ϑ
    table[0x3D5] = "j"  // ϕ
    table[0x3D6] = "v"  // ϖ
    table[0x3D2] = "\u{A1}"  // ϒ
    return table
  }()
}
