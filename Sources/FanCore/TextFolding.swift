/// Folding for searches: case, diacritics and runs of white space are ignored.
///
/// It needs no Foundation (whose `folding` would load ICU at start-up): combining marks are
/// dropped, and a precomposed Latin letter becomes its base letter, read from its Unicode name
/// ("LATIN SMALL LETTER E WITH ACUTE" → `e`).
package enum TextFolding {
  /// `"  Tomás   CANTILLO "` → `"tomas cantillo"`.
  package static func fold(_ text: String) -> String {
    if let folded = foldASCII(text) { return folded }
    var output = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        pendingSpace = !output.isEmpty
        continue
      }
      let properties = scalar.properties
      if properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .enclosingMark
      {
        continue
      }
      if pendingSpace {
        output.append(" ")
        pendingSpace = false
      }
      if scalar.isASCII {
        // A-Z to a-z by arithmetic: no string is made per character.
        let value = scalar.value
        output.append(
          (65...90).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar)
      } else if let base = latinBase(of: scalar) {
        output.append(base)
      } else {
        output.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
      }
    }
    return String(output)
  }

  /// The fold of an all-ASCII text, byte by byte (most names are ASCII, and Unicode property
  /// lookups per character made folding the bulk of loading a large catalog); nil when `text`
  /// has a byte outside ASCII.
  private static func foldASCII(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count)
      var pendingSpace = false
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        // The ASCII white space of Unicode's White_Space: tab to carriage return, and space.
        if byte == 0x20 || (0x09...0x0D).contains(byte) {
          pendingSpace = !output.isEmpty
          continue
        }
        if pendingSpace {
          output.append(0x20)
          pendingSpace = false
        }
        output.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
      }
      return String(decoding: output, as: UTF8.self)
    }
  }

  /// `é` → `e`, `Ø` → `o`: the base letter of a Latin letter with marks, from its name.
  private static func latinBase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard let name = scalar.properties.name else { return nil }
    let words = name.split(separator: " ")
    guard words.count >= 4, words[0] == "LATIN", words[2] == "LETTER", words[3].count == 1,
      words.count == 4 || words[4] == "WITH", let letter = words[3].unicodeScalars.first,
      letter.isASCII
    else { return nil }
    return Unicode.Scalar(letter.value | 0x20)
  }
}
