import JSON

/// Small scans of a document's bytes that the known differences check with.
enum Scan {
  /// The bytes outside string literals (a string's quotes and contents left out).
  static func outsideStrings(_ bytes: [UInt8]) -> [UInt8] {
    var outside: [UInt8] = []
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else {
        outside.append(byte)
      }
    }
    return outside
  }

  /// The document without commas (outside strings) that only white space separates from a `]`
  /// or `}`.
  static func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
    var kept: [UInt8] = []
    var inString = false
    var escaped = false
    for (index, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: ",") {
        let next = bytes[(index + 1)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { continue }
      }
      kept.append(byte)
    }
    return kept
  }

  /// Whether some object has two member names that differ in code points but are canonically
  /// equivalent (equal as Swift Strings).
  static func hasEquivalentNames(_ value: JSONValue) -> Bool {
    switch value {
    case .array(let elements):
      return elements.contains(where: hasEquivalentNames)
    case .object(let object):
      let names = object.members.map(\.key)
      for (index, name) in names.enumerated() {
        for other in names[(index + 1)...]
        where other == name && !other.unicodeScalars.elementsEqual(name.unicodeScalars) {
          return true
        }
      }
      return object.members.contains { hasEquivalentNames($0.value) }
    default:
      return false
    }
  }

  /// Whether bbfan rejected the document for a surrogate: a lone surrogate escape, or UTF-8
  /// bytes that encode a surrogate (ED A0 to ED BF) in the string it was reading.
  static func isSurrogateError(_ error: JSONParseError, in bytes: [UInt8]) -> Bool {
    if error.description.contains("surrogate") { return true }
    guard error.description.contains("not valid UTF-8"), error.offset < bytes.count else {
      return false
    }
    // The string's contents, up to its closing quote (an escaped quote is part of them).
    var end = error.offset
    var escaped = false
    while end < bytes.count, escaped || bytes[end] != UInt8(ascii: "\"") {
      escaped = !escaped && bytes[end] == UInt8(ascii: "\\")
      end += 1
    }
    let string = bytes[error.offset..<end]
    return zip(string, string.dropFirst()).contains { $0 == 0xED && (0xA0...0xBF).contains($1) }
  }

  /// The value with canonically equivalent member names merged as a Swift `Dictionary` merges
  /// them: the first name's spelling, the last value.
  static func mergingEquivalentNames(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements):
      return .array(elements.map(mergingEquivalentNames))
    case .object(let object):
      var merged: [JSONObject.Member] = []
      for member in object.members {
        let value = mergingEquivalentNames(member.value)
        if let index = merged.firstIndex(where: { $0.key == member.key }) {
          merged[index].value = value
        } else {
          merged.append(JSONObject.Member(key: member.key, value: value))
        }
      }
      return .object(JSONObject(merged))
    default:
      return value
    }
  }
}
