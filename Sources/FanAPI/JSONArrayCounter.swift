/// Counts the elements of a JSON array without decoding them: a byte scan that tracks strings
/// and nesting, for reporting a list's size before (or without) loading it.
package enum JSONArrayCounter {
  /// The number of elements of the array `text` holds; nil when it is not a well-nested array.
  package static func count(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { count($0) }
  }

  /// The number of elements of the array in `bytes`; nil when it is not a well-nested array.
  ///
  /// It checks the brackets and commas, not the scalars between them: it is for data already
  /// known to be JSON (the embedded files), to tell their sizes cheaply.
  package static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var open: [UInt8] = []
    var elements = 0
    var inString = false
    var escaped = false
    var sawValue = false
    var afterComma = false
    var started = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if open.isEmpty {
          guard !started, byte == UInt8(ascii: "[") else { return nil }
          started = true
        } else if open.count == 1 {
          sawValue = true
        }
        open.append(byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard open.last == byte else { return nil }
        open.removeLast()
        if open.isEmpty {
          guard !afterComma || sawValue else { return nil }
          elements += sawValue ? 1 : 0
        }
      case UInt8(ascii: ","):
        guard !open.isEmpty else { return nil }
        if open.count == 1 {
          guard sawValue else { return nil }
          elements += 1
          sawValue = false
          afterComma = true
        }
      default:
        guard !open.isEmpty else { return nil }
        if byte == UInt8(ascii: "\"") { inString = true }
        if open.count == 1 { sawValue = true }
      }
    }
    return started && open.isEmpty ? elements : nil
  }
}
