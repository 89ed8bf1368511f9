/// One glyph a card draws: a code in one of its fonts.
struct Glyph: Sendable, Equatable {
  /// The font that draws it.
  var font: CardFont
  /// Its code in that font's encoding.
  var code: UInt8

  /// Whether it is a space, where a line may break.
  var isSpace: Bool { code == 0x20 && font != .symbol }

  /// Its width in 1/1000 em.
  var width: Int { font.width(of: code) }

  /// The width of `glyphs` set at `size` points, in points.
  static func width(of glyphs: some Sequence<Glyph>, size: Double) -> Double {
    Double(glyphs.reduce(0) { $0 + $1.width }) * size / 1000
  }
}
