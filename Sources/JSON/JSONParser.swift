/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// It rejects invalid UTF-8, unescaped control characters, lone surrogate escapes, leading zeros,
/// trailing commas, `NaN`/`Infinity` and anything after the value (white space aside), and it
/// stops at a configurable nesting depth instead of exhausting the stack.
package struct JSONParser: ~Copyable {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index: Int
  private let maxDepth: Int
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.index = 0
    self.maxDepth = maxDepth
  }

  /// Parses one complete JSON text.
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64
  ) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
    }
    return value
  }

  /// Parses one complete JSON text from an array of bytes.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONParseError)
    -> JSONValue
  {
    let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
      do throws(JSONParseError) {
        return .success(try parse(buffer, maxDepth: maxDepth))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses one complete JSON text from a string.
  package static func parse(_ text: String, maxDepth: Int = 64) throws(JSONParseError)
    -> JSONValue
  {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }

  /// The value at `path` (member names, outermost first) of a JSON text whose top level is an
  /// object, parsed as `parse` parses it, or nil when a member on the path is missing or is not
  /// an object; only that value is built.
  ///
  /// The members before it on each level are passed over by their structure alone (strings and
  /// brackets), and the text after it is not read: what is skipped is not checked. So this is
  /// for text known to be valid JSON, such as the files a binary embeds (their tests parse them
  /// whole with `parse`), where one member of a large file is wanted. The first member of a
  /// name is the one taken.
  package static func parse(
    _ text: String, member path: [String], maxDepth: Int = 64
  ) throws(JSONParseError) -> JSONValue? {
    // The string's own bytes, not a copy (a native string's are contiguous already).
    var text = text
    let result: Result<JSONValue?, JSONParseError> = text.withUTF8 { buffer in
      var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
      do throws(JSONParseError) {
        return .success(try parser.value(at: path[...]))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private mutating func value(at path: ArraySlice<String>) throws(JSONParseError) -> JSONValue? {
    guard let name = path.first else { return try parseValue() }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    index += 1
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      let key = try parseMemberName()
      if key == name { return try value(at: path.dropFirst()) }
      try skipValue()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
      index += 1
    }
  }

  /// Moves past one value by its structure: a string to its closing quote, a container to its
  /// closing bracket (strings inside it passed whole, so their brackets do not count), anything
  /// else to the next comma, bracket or white space.
  private mutating func skipValue() throws(JSONParseError) {
    var open = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        try skipString()
        if open == 0 { return }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        open += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard open > 0 else { return }
        open -= 1
        if open == 0 {
          index += 1
          return
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if open == 0 { return }
      default:
        break
      }
      index += 1
    }
    if open > 0 { throw error("unexpected end of input inside a value") }
  }

  private mutating func skipString() throws(JSONParseError) {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    throw error("unexpected end of input inside a string")
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input; a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeCurrent()); a value was expected")
    }
  }

  private mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > maxDepth {
      throw JSONParseError(.tooDeep, at: index, "nesting is deeper than \(maxDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    index += 1
    var members: [JSONObject.Member] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(JSONObject(members))
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an object") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()); a member name in double quotes was expected")
      }
      let key = try parseMemberName()
      let value = try parseValue()
      members.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an object") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(JSONObject(members))
      default:
        throw error("unexpected \(describeCurrent()); ',' or '}' was expected in an object")
      }
    }
  }

  /// The member name whose opening quote is at `index`, with the ':' after it and the white
  /// space around it passed over.
  private mutating func parseMemberName() throws(JSONParseError) -> String {
    let key = try parseString()
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw error("unexpected \(describeCurrent()); ':' was expected after a member name")
    }
    index += 1
    skipWhitespace()
    return key
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input inside an array") }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      default:
        throw error("unexpected \(describeCurrent()); ',' or ']' was expected in an array")
      }
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    let start = literal.utf8Start
    guard index + count <= bytes.count else {
      throw error("unexpected end of input; '\(literal)' was expected")
    }
    for offset in 0..<count where bytes[index + offset] != start[offset] {
      throw error("unexpected \(describeCurrent()); a value was expected")
    }
    index += count
  }

  // MARK: - Numbers

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw error("a number needs a digit after '-'")
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("a number may not have a leading zero")
      }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("a number needs a digit after the decimal point")
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("a number needs a digit in its exponent")
      }
      skipDigits()
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    return .number(text)
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes. Scan to the closing quote, then validate the UTF-8 in one go; ASCII
    // alone (member names, most values) is valid as it is, and is made a String without the
    // generic validation, which costs more than the scan.
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let string =
          ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        guard let string else {
          throw JSONParseError(.syntax, at: start, "a string is not valid UTF-8")
        }
        index += 1
        return string
      }
      ascii = ascii && byte < 0x80
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw error("a control character (0x\(hex(byte))) must be escaped inside a string")
      }
      index += 1
    }
    return try parseEscapedString(from: start)
  }

  private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
    var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validating: utf8, as: UTF8.self) else {
          throw JSONParseError(.syntax, at: start, "a string is not valid UTF-8")
        }
        index += 1
        return string
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try parseUnicodeEscape()
          utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
          index -= 1
          throw error("'\\\(describeByte(escape))' is not a valid escape in a string")
        }
      default:
        if byte < 0x20 {
          throw error("a control character (0x\(hex(byte))) must be escaped inside a string")
        }
        utf8.append(byte)
        index += 1
      }
    }
    throw error("unexpected end of input inside a string")
  }

  private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("a \\u escape needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let escapeStart = index - 2
    let first = try parseHexQuad()
    if (0xD800...0xDBFF).contains(first) {
      guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else {
        throw JSONParseError(
          .syntax, at: escapeStart, "a high surrogate escape has no low surrogate")
      }
      index += 2
      let second = try parseHexQuad()
      guard (0xDC00...0xDFFF).contains(second) else {
        throw JSONParseError(
          .syntax, at: escapeStart, "a high surrogate escape has no low surrogate")
      }
      let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      guard let scalar = Unicode.Scalar(combined) else {
        throw JSONParseError(.syntax, at: escapeStart, "a \\u escape is not a Unicode scalar")
      }
      return scalar
    }
    guard let scalar = Unicode.Scalar(first) else {
      throw JSONParseError(.syntax, at: escapeStart, "a lone low surrogate escape is not allowed")
    }
    return scalar
  }

  // MARK: - Helpers

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func error(_ reason: String) -> JSONParseError {
    JSONParseError(.syntax, at: index, reason)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    return "character '\(describeByte(bytes[index]))'"
  }

  private func describeByte(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
    return "0x" + hex(byte)
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }
}
