import Foundation

/// Folding for searches: case, diacritics and runs of white space are ignored.
package enum TextFolding {
  /// `"  Tomás   CANTILLO "` → `"tomas cantillo"`.
  ///
  /// ASCII text (almost every name) is folded here; other text goes through Foundation's
  /// `folding`, which loads ICU and costs far more.
  package static func fold(_ text: String) -> String {
    var ascii: [UInt8] = []
    ascii.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return foldUnicode(text) }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        pendingSpace = !ascii.isEmpty
        continue
      }
      if pendingSpace {
        ascii.append(0x20)
        pendingSpace = false
      }
      ascii.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
    }
    return String(decoding: ascii, as: UTF8.self)
  }

  private static func foldUnicode(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
