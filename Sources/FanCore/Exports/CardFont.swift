/// One of the three standard PDF fonts a card draws with; none is embedded.
enum CardFont: Int, Sendable, Hashable, CaseIterable {
  /// Helvetica with WinAnsiEncoding.
  case regular
  /// Helvetica-Bold with WinAnsiEncoding.
  case bold
  /// Symbol with its built-in encoding, for Greek letters.
  case symbol

  /// The name of the font in the page's resources.
  var resourceName: String {
    switch self {
    case .regular: "F1"
    case .bold: "F2"
    case .symbol: "F3"
    }
  }

  /// The font dictionary, `toUnicode` being the object number of Symbol's ToUnicode CMap.
  func dictionary(toUnicode: Int) -> String {
    switch self {
    case .regular:
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    case .bold:
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
    case .symbol: "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol /ToUnicode \(toUnicode) 0 R >>"
    }
  }

  /// The width of the glyph for `code`, in 1/1000 em (600 for a Symbol code without a width).
  func width(of code: UInt8) -> Int {
    switch self {
    case .regular: Int(StandardFontMetrics.regular[Int(code)])
    case .bold: Int(StandardFontMetrics.bold[Int(code)])
    case .symbol:
      StandardFontMetrics.symbol[Int(code)] == 0 ? 600 : Int(StandardFontMetrics.symbol[Int(code)])
    }
  }
}
