import FoundationEssentials

/// Reads a JSON array of records straight from its bytes into DTOs, for the plain shape that the
/// embedded snapshots have, without `JSONDecoder`'s tree of containers: a one-shot call decodes a
/// whole snapshot to answer one question, and `JSONDecoder` was the largest part of that.
///
/// It reads only the plain shape: strings, integers written as digits, each record's fields
/// present once and of their type. On anything else (a lone surrogate escape, a null, a missing
/// or repeated field, a record that would not decode, JSON that is not valid) it gives up and
/// returns nil, and the caller decodes the same bytes with `JSONDecoder` (the plain path), which
/// also reports what is wrong. So a list reads the same either way; tests compare the two.
package struct DirectListDecoder {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// Set when the bytes are not of the plain shape; every read after that returns nil.
  private(set) var failed = false

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The records of `data`, a JSON array of `T`, when `T` reads directly and `data` is of the
  /// plain shape; nil otherwise (decode it with `JSONDecoder` then).
  package static func records<T>(_ type: T.Type, from data: Data) -> [T]? {
    guard let direct = type as? any DirectlyDecodable.Type else { return nil }
    return records(direct, from: data) as? [T]
  }

  private static func records<T: DirectlyDecodable>(_ type: T.Type, from data: Data) -> [T]? {
    data.withUnsafeBytes { raw in
      var reader = DirectListDecoder(bytes: raw.bindMemory(to: UInt8.self))
      var records: [T] = []
      guard reader.beginArray() else { return nil }
      while reader.nextElement() {
        guard let record = T(reading: &reader) else { return nil }
        records.append(record)
      }
      reader.skipWhitespace()
      guard !reader.failed, reader.index == reader.bytes.count else { return nil }
      return records
    }
  }

  // MARK: - Structure

  /// Reads `{`; false (and failed) if the next value is not an object.
  package mutating func beginObject() -> Bool {
    consume(UInt8(ascii: "{"))
  }

  /// The next member's key of the object being read, the reader then at its value; nil at the
  /// closing `}` (or when the bytes are not of the plain shape: see `failed`).
  ///
  /// Call it first right after `beginObject()`, then after reading each value.
  package mutating func nextKey() -> String? {
    guard !failed else { return nil }
    skipWhitespace()
    guard index < bytes.count else { return fail() }
    if bytes[index] == UInt8(ascii: "}") {
      index += 1
      return nil
    }
    if bytes[index - 1 - trailingBlanks()] != UInt8(ascii: "{") {
      guard consume(UInt8(ascii: ",")) else { return nil }
    }
    guard let key = string(), consume(UInt8(ascii: ":")) else { return fail() }
    return key
  }

  /// Reads `[`; false (and failed) if the next value is not an array.
  private mutating func beginArray() -> Bool {
    consume(UInt8(ascii: "["))
  }

  /// Whether another element of the array being read follows (the reader then at it); false at
  /// the closing `]` or when the bytes are not of the plain shape.
  private mutating func nextElement() -> Bool {
    guard !failed else { return false }
    skipWhitespace()
    guard index < bytes.count else { return fail() ?? false }
    if bytes[index] == UInt8(ascii: "]") {
      index += 1
      return false
    }
    if bytes[index - 1 - trailingBlanks()] != UInt8(ascii: "[") {
      guard consume(UInt8(ascii: ",")) else { return false }
    }
    return true
  }

  /// How many blanks come right before the current byte.
  private func trailingBlanks() -> Int {
    var count = 0
    while index - 1 - count >= 0, Self.isBlank(bytes[index - 1 - count]) { count += 1 }
    return count
  }

  // MARK: - Values

  /// A string without control characters, in valid UTF-8, its escapes read; nil otherwise.
  package mutating func string() -> String? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let start = index
    var ascii = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        // ASCII is valid UTF-8 as it is: only other text needs checking (a third of the time
        // the reader took went to checking it).
        guard !ascii else { return String(decoding: text, as: UTF8.self) }
        return String(validating: text, as: UTF8.self) ?? fail()
      }
      if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
      // A control character: the plain path rejects it.
      guard byte >= 0x20 else { return fail() }
      if byte >= 0x80 { ascii = false }
      index += 1
    }
    return fail()
  }

  /// The rest of a string with escapes, begun at `start` (the reader at its first backslash):
  /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\uXXXX` (a surrogate pair as one
  /// character); a lone surrogate, or any other escape, goes to the plain path.
  private mutating func escapedString(from start: Int) -> String? {
    var text = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        return String(validating: text, as: UTF8.self) ?? fail()
      }
      guard byte >= 0x20 else { return fail() }
      guard byte == UInt8(ascii: "\\") else {
        text.append(byte)
        continue
      }
      guard index < bytes.count else { return fail() }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
      case UInt8(ascii: "b"): text.append(0x08)
      case UInt8(ascii: "f"): text.append(0x0C)
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "u"):
        guard let scalar = unicodeEscape() else { return fail() }
        text.append(contentsOf: String(Character(scalar)).utf8)
      default: return fail()
      }
    }
    return fail()
  }

  /// The character of a `\uXXXX` escape whose `\u` was read, a surrogate pair read whole; nil
  /// for a lone surrogate or digits that are not hexadecimal.
  private mutating func unicodeEscape() -> Unicode.Scalar? {
    guard let first = hexQuad() else { return nil }
    guard (0xD800...0xDBFF).contains(first) else { return Unicode.Scalar(first) }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    else { return nil }
    index += 2
    guard let second = hexQuad(), (0xDC00...0xDFFF).contains(second) else { return nil }
    return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
  }

  /// Four hexadecimal digits, read.
  private mutating func hexQuad() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Self.hexDigit(bytes[index]) else { return nil }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// An integer written as JSON digits (`-`, then `0` or digits without a leading zero) that
  /// fits an `Int`, with no fraction or exponent; nil otherwise.
  package mutating func integer() -> Int? {
    skipWhitespace()
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let start = index
    var value = 0
    while index < bytes.count, let digit = Self.digit(bytes[index]) {
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) =
        negative
        ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflowTimes, !overflowSum else { return fail() }
      value = sum
      index += 1
    }
    let count = index - start
    guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return fail() }
    if index < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index])
    {
      return fail()
    }
    return value
  }

  /// An array of strings (see `string()`); nil otherwise.
  package mutating func strings() -> [String]? {
    guard beginArray() else { return nil }
    var strings: [String] = []
    while nextElement() {
      guard let text = string() else { return nil }
      strings.append(text)
    }
    return failed ? nil : strings
  }

  /// An array of integers (see `integer()`); nil otherwise.
  package mutating func integers() -> [Int]? {
    guard beginArray() else { return nil }
    var integers: [Int] = []
    while nextElement() {
      guard let value = integer() else { return nil }
      integers.append(value)
    }
    return failed ? nil : integers
  }

  /// Skips a value of a member the record does not keep, checking that it is valid JSON of the
  /// plain shape; false (and failed) otherwise.
  @discardableResult
  package mutating func skipValue() -> Bool {
    skipWhitespace()
    guard !failed, index < bytes.count else { return fail() ?? false }
    switch bytes[index] {
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "{"):
      guard beginObject() else { return false }
      while nextKey() != nil {
        guard skipValue() else { return false }
      }
      return !failed
    case UInt8(ascii: "["):
      guard beginArray() else { return false }
      while nextElement() {
        guard skipValue() else { return false }
      }
      return !failed
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default:
      // Only integers are read here; a fraction or an exponent goes to the plain path.
      return integer() != nil
    }
  }

  // MARK: - Bytes

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return fail() ?? false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      return fail() ?? false
    }
    index += count
    return true
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard !failed, index < bytes.count, bytes[index] == byte else { return fail() ?? false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
  }

  /// Marks the bytes as not of the plain shape.
  private mutating func fail<T>() -> T? {
    failed = true
    return nil
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private static func digit(_ byte: UInt8) -> Int? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
  }
}
