import Foundation
import JSON

/// A parsed JSON value as three parsers can all say it, so that their readings compare.
///
/// Strings are their Unicode code points (Python's may hold lone surrogates); an object's
/// members are sorted by name and a repeated name keeps its last value, as in Python's `dict`
/// and Foundation's dictionary; bbfan keeps every member, and its numbers stay literal text,
/// which `agrees(with:)` reads the way the other parser did.
indirect enum CanonicalValue: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// bbfan's number: its literal text.
  case literal(String)
  /// An integer read exactly (Python's `int`, Foundation's Int64 or UInt64), "-0" as "0".
  case integer(String)
  /// A binary64 number, by its bits.
  case double(UInt64)
  /// Foundation's `NSDecimalNumber`, by its description.
  case decimal(String)
  case string([UInt32])
  case array([CanonicalValue])
  case object([Member])

  /// One member of an object.
  struct Member: Equatable {
    var key: [UInt32]
    var value: CanonicalValue
  }

  var description: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return String(value)
    case .literal(let text): return text
    case .integer(let text): return "int(\(text))"
    case .double(let bits): return "double(\(Double(bitPattern: bits)))"
    case .decimal(let text): return "decimal(\(text))"
    case .string(let points): return "\"\(Self.text(points))\""
    case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.map { "\"\(Self.text($0.key))\":\($0.value)" }.joined(separator: ",") + "}"
    }
  }

  private static func text(_ points: [UInt32]) -> String {
    points.map { point in
      if point >= 0x20, point < 0x7F, point != 0x22, point != 0x5C,
        let scalar = Unicode.Scalar(point)
      {
        return String(Character(scalar))
      }
      return "\\u{\(String(point, radix: 16))}"
    }.joined()
  }

  /// Members sorted by name, a repeated name (the same code points) keeping its last value.
  static func sortedObject(_ members: [Member]) -> CanonicalValue {
    var last: [[UInt32]: CanonicalValue] = [:]
    for member in members { last[member.key] = member.value }
    let sorted = last.map { Member(key: $0.key, value: $0.value) }
      .sorted { $0.key.lexicographicallyPrecedes($1.key) }
    return .object(sorted)
  }

  /// bbfan's reading.
  init(_ value: JSONValue) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .number(let text): self = .literal(text)
    case .string(let text): self = .string(text.unicodeScalars.map(\.value))
    case .array(let elements): self = .array(elements.map(CanonicalValue.init))
    case .object(let object):
      self = Self.sortedObject(
        object.members.map {
          Member(key: $0.key.unicodeScalars.map(\.value), value: CanonicalValue($0.value))
        })
    }
  }

  /// Foundation's reading (`JSONSerialization.jsonObject(with:options:)`'s result).
  init(foundation value: Any) throws {
    switch value {
    case is NSNull: self = .null
    case let text as String: self = .string(text.unicodeScalars.map(\.value))
    case let decimal as NSDecimalNumber: self = .decimal(decimal.description)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": self = .bool(number.boolValue)
      case "d", "f": self = .double(number.doubleValue.bitPattern)
      case "Q": self = .integer(String(number.uint64Value))
      default: self = .integer(String(number.int64Value))
      }
    case let elements as [Any]:
      self = .array(try elements.map { try CanonicalValue(foundation: $0) })
    case let members as [String: Any]:
      self = Self.sortedObject(
        try members.map {
          Member(
            key: $0.key.unicodeScalars.map(\.value), value: try CanonicalValue(foundation: $0.value)
          )
        })
    default:
      throw UnknownFoundationValue(description: "\(type(of: value))")
    }
  }

  /// A value of a type JSONSerialization is not documented to return.
  struct UnknownFoundationValue: Error {
    var description: String
  }

  /// Whether bbfan's reading (`self`) says the same as `other`, another parser's: a literal
  /// agrees with an exact integer of the same value, with the binary64 number Swift rounds it
  /// to (when it has a fraction or an exponent) or with a decimal of the same value.
  func agrees(with other: CanonicalValue) -> Bool {
    switch (self, other) {
    case (.literal(let text), .integer(let integer)):
      return Self.isInteger(text) && Self.normalizedInteger(text) == integer
    case (.literal(let text), .double(let bits)):
      // Python makes a float only of a literal with a fraction or an exponent; Foundation also
      // of an integer too long for its Decimal.
      return Double(text)?.bitPattern == bits
    case (.literal(let text), .decimal(let decimal)):
      return Self.isRounding(of: text, to: decimal)
    case (.array(let mine), .array(let theirs)):
      return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.agrees(with: $1) }
    case (.object(let mine), .object(let theirs)):
      return mine.count == theirs.count
        && zip(mine, theirs).allSatisfy { $0.key == $1.key && $0.value.agrees(with: $1.value) }
    default:
      return self == other
    }
  }

  /// Whether `decimal` (plain notation) is `literal`'s value, or it cut or rounded to fewer
  /// significant digits.
  static func isRounding(of literal: String, to decimal: String) -> Bool {
    guard let exact = DecimalDigits(literal), let rounded = DecimalDigits(decimal) else {
      return false
    }
    if exact == rounded { return true }
    let kept = rounded.digits.count
    guard exact.negative == rounded.negative, exact.digits.count > kept,
      exact.exponent + (exact.digits.count - kept) == rounded.exponent
    else { return false }
    let cut = String(exact.digits.prefix(kept))
    return cut == rounded.digits || DecimalDigits.increment(cut) == rounded.digits
  }

  /// Whether a number literal has neither a fraction nor an exponent.
  static func isInteger(_ text: String) -> Bool {
    !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
  }

  private static func normalizedInteger(_ text: String) -> String {
    text == "-0" ? "0" : text
  }

  /// Whether any number in the value is a literal that binary64 cannot hold (±infinity).
  var hasLiteralBeyondDouble: Bool {
    switch self {
    case .literal(let text): return Double(text).map { !$0.isFinite } ?? true
    case .array(let elements): return elements.contains { $0.hasLiteralBeyondDouble }
    case .object(let members): return members.contains { $0.value.hasLiteralBeyondDouble }
    default: return false
    }
  }

  /// Reads the form `PythonJSON`'s script prints (see there), from `index` on.
  static func read(python text: [UInt8], at index: inout Int) throws -> CanonicalValue {
    guard index < text.count else { throw PythonJSON.Malformed(text: text) }
    let tag = text[index]
    index += 1
    func upTo(_ end: UInt8) throws -> String {
      guard let stop = text[index...].firstIndex(of: end) else {
        throw PythonJSON.Malformed(text: text)
      }
      defer { index = stop + 1 }
      return String(decoding: text[index..<stop], as: UTF8.self)
    }
    func points() throws -> [UInt32] {
      let body = try upTo(UInt8(ascii: ";"))
      if body.isEmpty { return [] }
      return try body.split(separator: ".").map {
        guard let point = UInt32($0, radix: 16) else { throw PythonJSON.Malformed(text: text) }
        return point
      }
    }
    switch tag {
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "t"): return .bool(true)
    case UInt8(ascii: "f"): return .bool(false)
    case UInt8(ascii: "i"): return .integer(try upTo(UInt8(ascii: ";")))
    case UInt8(ascii: "d"):
      guard let bits = UInt64(try upTo(UInt8(ascii: ";")), radix: 16) else {
        throw PythonJSON.Malformed(text: text)
      }
      return .double(bits)
    case UInt8(ascii: "s"): return .string(try points())
    case UInt8(ascii: "a"):
      guard let count = Int(try upTo(UInt8(ascii: ":"))) else {
        throw PythonJSON.Malformed(text: text)
      }
      return .array(try (0..<count).map { _ in try read(python: text, at: &index) })
    case UInt8(ascii: "o"):
      guard let count = Int(try upTo(UInt8(ascii: ":"))) else {
        throw PythonJSON.Malformed(text: text)
      }
      var members: [Member] = []
      for _ in 0..<count {
        guard index < text.count, text[index] == UInt8(ascii: "s") else {
          throw PythonJSON.Malformed(text: text)
        }
        index += 1
        let key = try points()
        members.append(Member(key: key, value: try read(python: text, at: &index)))
      }
      return sortedObject(members)
    default:
      throw PythonJSON.Malformed(text: text)
    }
  }
}
