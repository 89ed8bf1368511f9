/// A decimal number as sign, significant digits and a power of ten.
///
/// `-1.50e3` is negative, `15`, `2`. Leading and trailing zeros are taken out, so equal values
/// are equal.
struct DecimalDigits: Equatable {
  var negative: Bool
  /// The significant digits, without leading or trailing zeros ("" for zero).
  var digits: String
  var exponent: Int

  /// Reads a JSON number literal or a decimal in plain notation; nil for anything else.
  init?(_ text: String) {
    var rest = Substring(text)
    negative = rest.first == "-"
    if negative { rest = rest.dropFirst() }
    var exponent = 0
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let power = Int(rest[rest.index(after: e)...]) else { return nil }
      exponent = power
      rest = rest[..<e]
    }
    var digits = ""
    var seenPoint = false
    for character in rest {
      if character == "." {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if character.isASCII, character.isNumber {
        digits.append(character)
        if seenPoint { exponent -= 1 }
      } else {
        return nil
      }
    }
    let significant = digits.drop { $0 == "0" }
    let trailing = significant.reversed().prefix { $0 == "0" }.count
    self.digits = String(significant.dropLast(trailing))
    self.exponent = self.digits.isEmpty ? 0 : exponent + trailing
    if self.digits.isEmpty { negative = false }
  }

  /// `digits` plus one in its last place ("129" → "130", "99" → "100").
  static func increment(_ digits: String) -> String {
    var result = Array(digits)
    var index = result.count - 1
    while index >= 0 {
      if result[index] == "9" {
        result[index] = "0"
        index -= 1
      } else {
        result[index] = Character(String((result[index].wholeNumberValue ?? 0) + 1))
        return String(result)
      }
    }
    return "1" + String(result)
  }
}
