/// Makes JSON documents from a seed, valid ones and ones with one fault each, for the
/// differential test: numbers at the edges, strings with every escape, surrogates, invalid UTF-8,
/// every kind of white space, trailing commas, duplicate and canonically equivalent keys,
/// control characters and deep nesting.
struct DocumentGenerator {
  /// What a document was made to exercise: nothing in particular, or one fault.
  enum Fault: CaseIterable {
    case trailingComma, leadingZero, malformedNumber, nonFinite, loneSurrogate, invalidUTF8
    case controlCharacter, invalidEscape, foreignWhitespace, byteOrderMark, singleQuotes
    case unquotedKey, missingSeparator, truncated, trailingData, deepNesting, comment
  }

  private var state: UInt64

  /// A generator whose documents depend only on `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence (SplitMix64).
  private mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  private mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  private mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices[below(choices.count)]
  }

  /// A document and the fault it was made with (nil: it was made valid).
  mutating func document() -> (bytes: [UInt8], fault: Fault?) {
    let fault: Fault? = chance(40) ? nil : pick(Fault.allCases)
    var pending = fault
    var bytes: [UInt8]
    switch fault {
    case .deepNesting:
      pending = nil
      bytes = deep(levels: pick([63, 64, 65, 100, 511, 512, 513, 600, 1_500]))
    case .byteOrderMark:
      pending = nil
      bytes = [0xEF, 0xBB, 0xBF] + value(depth: 0, fault: &pending)
    case .truncated:
      pending = nil
      bytes = value(depth: 0, fault: &pending)
      bytes = Array(bytes.prefix(below(max(1, bytes.count))))
    case .trailingData:
      pending = nil
      bytes =
        value(depth: 0, fault: &pending) + whitespace() + pick(["1", "{}", "x", "\"a\"", ","]).utf8
    default:
      bytes = whitespace() + value(depth: 0, fault: &pending) + whitespace()
      // The fault had no place to go (a lone scalar with no string or container): put it first.
      if pending != nil { bytes = faulty(&pending) + bytes }
    }
    return (bytes, fault)
  }

  private mutating func deep(levels: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var closers: [UInt8] = []
    for level in 0..<levels {
      if level.isMultiple(of: 3) {
        bytes += Array(#"{"k":"#.utf8)
        closers.append(UInt8(ascii: "}"))
      } else {
        bytes.append(UInt8(ascii: "["))
        closers.append(UInt8(ascii: "]"))
      }
    }
    return bytes + Array("1".utf8) + closers.reversed()
  }

  /// White space between tokens: any mix of the four JSON allows, often none.
  private mutating func whitespace() -> [UInt8] {
    guard chance(30) else { return [] }
    return (0..<(1 + below(3))).map { _ in pick([0x20, 0x09, 0x0A, 0x0D]) }
  }

  private mutating func value(depth: Int, fault: inout Fault?) -> [UInt8] {
    let roll = below(depth > 4 ? 6 : 10)
    switch roll {
    case 0: return Array(pick(["null", "true", "false"]).utf8)
    case 1, 2: return number(fault: &fault)
    case 3, 4, 5: return string(fault: &fault)
    case 6, 7: return array(depth: depth, fault: &fault)
    default: return object(depth: depth, fault: &fault)
    }
  }

  private mutating func array(depth: Int, fault: inout Fault?) -> [UInt8] {
    let count = below(5)
    var bytes: [UInt8] = [UInt8(ascii: "[")] + whitespace()
    for index in 0..<count {
      if index > 0 { bytes += separator(",", fault: &fault) }
      bytes += whitespace() + value(depth: depth + 1, fault: &fault) + whitespace()
    }
    if count > 0, fault == .trailingComma, chance(50) {
      fault = nil
      bytes += Array(",".utf8) + whitespace()
    }
    return bytes + [UInt8(ascii: "]")]
  }

  private mutating func object(depth: Int, fault: inout Fault?) -> [UInt8] {
    let count = below(5)
    var bytes: [UInt8] = [UInt8(ascii: "{")] + whitespace()
    var keys: [[UInt8]] = []
    for index in 0..<count {
      if index > 0 { bytes += separator(",", fault: &fault) }
      let key: [UInt8]
      if let earlier = keys.last, chance(10) {
        key = earlier  // a duplicate name
      } else if fault == .unquotedKey, chance(50) {
        fault = nil
        key = Array(pick(["a", "key", "x1"]).utf8)
      } else {
        key = keyString(fault: &fault)
      }
      keys.append(key)
      bytes += whitespace() + key + whitespace() + separator(":", fault: &fault) + whitespace()
      bytes += value(depth: depth + 1, fault: &fault) + whitespace()
    }
    if count > 0, fault == .trailingComma, chance(50) {
      fault = nil
      bytes += Array(",".utf8) + whitespace()
    }
    return bytes + [UInt8(ascii: "}")]
  }

  /// A separator, or, when the fault is due, none or one with white space JSON does not allow.
  private mutating func separator(_ text: String, fault: inout Fault?) -> [UInt8] {
    if fault == .missingSeparator, chance(40) {
      fault = nil
      return []
    }
    if fault == .foreignWhitespace, chance(40) {
      fault = nil
      return foreignWhitespace() + Array(text.utf8)
    }
    if fault == .comment, chance(40) {
      fault = nil
      return Array(pick(["/* c */", "// c\n", "#c\n"]).utf8) + Array(text.utf8)
    }
    return Array(text.utf8)
  }

  /// Characters that are white space to someone but not to JSON.
  private mutating func foreignWhitespace() -> [UInt8] {
    pick([
      [0x0B], [0x0C], [0x00], [0xC2, 0xA0], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
      [0xE3, 0x80, 0x80], [0xEF, 0xBB, 0xBF], [0xE2, 0x80, 0x8B], [0x1C], [0x1F],
    ])
  }

  /// Keys drawn from a small set so that names repeat, some of them canonically equivalent.
  private mutating func keyString(fault: inout Fault?) -> [UInt8] {
    if chance(40) { return string(fault: &fault) }
    return Array(
      pick([
        #""a""#, #""b""#, #""id""#, #""""#, "\"\u{E9}\"", "\"e\u{301}\"", #""\u00e9""#,
        #""e\u0301""#, "\"\u{212B}\"", "\"\u{C5}\"", #""a\u0000""#, #""\ud83d\ude00""#,
      ]).utf8)
  }

  /// Numbers at the edges of what parsers hold, and random ones.
  private static let edgeNumbers = [
    "0", "-0", "0.0", "-0.0", "0e0", "-0E-0", "1", "-1", "1E2", "1e+2", "1e-2", "1.5e308",
    "1e400", "-1e400", "1e-400", "1e99999", "2.5e-324", "4.9e-324", "5e-324", "2.4e-324",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
    "2.2250738585072011e-308", "2.2250738585072014e-308", "9007199254740992",
    "9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "123456789012345678901234567890",
    "0.1", "0.30000000000000004441", "3.141592653589793238462643383279502884197",
    "100000000000000000000000000000000000000000000000000000000000000000000000000000000001",
    "0.000000000000000000000000000000000000000000000000000000000000000000000001",
    "1.00000000000000000000000000000000000000000000000000001", "123.456e-7", "1e0000000000001",
  ]

  private mutating func number(fault: inout Fault?) -> [UInt8] {
    switch fault {
    case .leadingZero:
      fault = nil
      return Array(pick(["01", "-01", "00", "012.5", "-00.1", "007e1"]).utf8)
    case .malformedNumber:
      fault = nil
      return Array(
        pick([
          "1.", ".5", "+1", "1e", "1e+", "-", "--1", "0x10", "1.e5", "1.5.2", "1e5.5", "- 1",
          "1_000", "١",
        ]).utf8)
    case .nonFinite:
      fault = nil
      return Array(pick(["NaN", "Infinity", "-Infinity", "-NaN", "inf", "nan"]).utf8)
    default:
      break
    }
    if chance(50) { return Array(pick(Self.edgeNumbers).utf8) }
    var text = chance(30) ? "-" : ""
    let integerDigits = pick([1, 1, 2, 5, 17, 20, 40, 300])
    text += chance(20) ? "0" : String(1 + below(9)) + digits(integerDigits - 1)
    if chance(40) { text += "." + digits(pick([1, 3, 17, 25, 80])) }
    if chance(30) {
      text +=
        pick(["e", "E"]) + pick(["", "+", "-"]) + String(pick([0, 1, 22, 308, 309, 324, 400]))
    }
    return Array(text.utf8)
  }

  private mutating func digits(_ count: Int) -> String {
    String((0..<max(0, count)).map { _ in Character(String(below(10))) })
  }

  /// A string with plain, non-ASCII and escaped pieces, or one fault inside it.
  private mutating func string(fault: inout Fault?) -> [UInt8] {
    if fault == .singleQuotes {
      fault = nil
      return Array("'single'".utf8)
    }
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    for _ in 0..<below(6) {
      bytes += piece()
    }
    if let due = fault,
      [.loneSurrogate, .invalidUTF8, .controlCharacter, .invalidEscape].contains(due)
    {
      bytes += faulty(&fault)
    }
    return bytes + [UInt8(ascii: "\"")]
  }

  /// A valid piece of a string's contents.
  private mutating func piece() -> [UInt8] {
    switch below(8) {
    case 0: return Array(pick(["a", "walter", " ", "/", "'", "0", "~", "\u{7F}"]).utf8)
    case 1:
      return Array(pick(["é", "e\u{301}", "😀", "\u{FFFF}", "\u{2028}", "\u{10FFFF}", "日本"]).utf8)
    case 2:
      return Array(pick([#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]).utf8)
    case 3:
      // Any escaped scalar of the Basic Multilingual Plane but a surrogate, in either case.
      var scalar = below(0xFFFF + 1)
      if (0xD800...0xDFFF).contains(scalar) { scalar -= 0x800 }
      let hex = String(scalar, radix: 16)
      let padded = String(repeating: "0", count: 4 - hex.count) + hex
      return Array(("\\u" + (chance(50) ? padded : padded.uppercased())).utf8)
    case 4:
      // A surrogate pair for a scalar above the Basic Multilingual Plane.
      let scalar = 0x10000 + below(0x100000)
      let high = 0xD800 + ((scalar - 0x10000) >> 10)
      let low = 0xDC00 + ((scalar - 0x10000) & 0x3FF)
      return Array(
        "\\u\(String(high, radix: 16))\\u\(String(low, radix: 16, uppercase: true))".utf8)
    case 5: return Array(pick([#"\u0000"#, #"\u001f"#, #"\u0020"#, #"\u007F"#, #"\uFEFF"#]).utf8)
    case 6: return Array(pick(["\u{E9}", #"\u00e9"#, #"e\u0301"#, "\u{C5}", "\u{212B}"]).utf8)
    default: return Array("plain text".utf8)
    }
  }

  /// The bytes of the pending fault that goes inside a string (or anywhere, for the others).
  private mutating func faulty(_ fault: inout Fault?) -> [UInt8] {
    defer { fault = nil }
    switch fault {
    case .loneSurrogate:
      return Array(
        pick([
          #"\ud800"#, #"\uDBFF"#, #"\udc00"#, #"\uDFFF"#, #"\ud800\u0041"#, #"\udc00\ud800"#,
          #"\ud800\ud800"#, #"\ud83d\n"#,
        ]).utf8)
    case .invalidUTF8:
      return pick([
        [0xC3, 0x28], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE], [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80],
      ])
    case .controlCharacter:
      return [UInt8(below(0x20))]
    case .invalidEscape:
      return Array(
        pick([#"\x41"#, #"\'"#, #"\U0041"#, #"\u12"#, #"\u12g4"#, #"\a"#, #"\0"#, "\\\n"]).utf8)
    case .foreignWhitespace:
      return foreignWhitespace()
    case .comment:
      return Array("/* c */".utf8)
    case .missingSeparator, .unquotedKey, .trailingComma:
      return Array("[1 2]".utf8)
    default:
      return Array("x".utf8)
    }
  }
}
