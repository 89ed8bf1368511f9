/// Numbers as a PDF content stream writes them: plain decimals, at most three places.
enum PDFNumber {
  /// `12.5` → `"12.5"`, `3.0` → `"3"`, `-0.0004` → `"0"`: no exponent, no trailing zeros.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let thousandths = Int((value * 1000).rounded())
    let sign = thousandths < 0 ? "-" : ""
    let magnitude = thousandths.magnitude
    var text = sign + String(magnitude / 1000)
    var fraction = magnitude % 1000
    guard fraction != 0 else { return text }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let fractionText = String(fraction)
    text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    return text
  }
}
